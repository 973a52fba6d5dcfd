/** The product mark; decorative, because the product name always sits next to it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0958d9" />
      <path d="M11 8h6.5a6 6 0 0 1 0 12H15v4h-4zm4 4v4h2.5a2 2 0 0 0 0-4z" fill="#fff" />
    </svg>
  );
}

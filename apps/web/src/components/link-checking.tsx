import { Spin } from "antd";

/** An emailed link's page while the server checks the link: a spinner and what is being checked, announced. */
export function LinkChecking({ text }: { text: string }) {
  return (
    <div className="link-checking" role="status">
      <Spin size="large" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

import { Drawer } from "antd";
import type { ReactNode } from "react";

interface DocsMenuDrawerProps {
  id: string;
  title: string;
  width: number;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The drawer of narrow screens; its own chunk, loaded on first opening (wide screens never need it). */
export function DocsMenuDrawer({ id, title, width, isOpen, onClose, children }: DocsMenuDrawerProps) {
  return (
    <Drawer id={id} open={isOpen} onClose={onClose} placement="left" size={width} title={title} className="docs-drawer">
      {children}
    </Drawer>
  );
}

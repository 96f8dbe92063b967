import type { ReactNode } from 'react';

/** Noto Sans Tamil is self-hosted (index.css); the rest of the stack only covers what it lacks. */
export const tamilFontStack = '"Noto Sans Tamil", ui-sans-serif, system-ui, "Segoe UI", sans-serif';

/** Customer text that may be Tamil: marked as Tamil for screen readers and set in the Tamil font. */
export function TamilText({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <span lang="ta" className={className} style={{ fontFamily: tamilFontStack }}>
      {children}
    </span>
  );
}

import { useEffect, type ReactNode } from 'react';

/** A screen's frame: its heading, and the document title that a tab or history entry shows. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · EduPortal`;
  }, [title]);
  return (
    <div className="screen">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

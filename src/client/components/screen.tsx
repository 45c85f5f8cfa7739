import { useEffect, type ReactNode } from 'react';
import { Breadcrumb } from './breadcrumb.tsx';

interface ScreenProps {
  title: string;
  /** Keeps the heading for screen readers and the outline when the page opens with a banner. */
  titleHidden?: boolean;
  /** What the tab and history entry say, when not the heading (a video's page: its title). */
  tabTitle?: string;
  /** Shows "Home > {title}" above the heading. */
  breadcrumb?: boolean;
  /** A line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/** A screen's frame: its heading, and the document title that a tab or history entry shows. */
export function Screen({
  title,
  titleHidden = false,
  tabTitle = title,
  breadcrumb = false,
  lead,
  children,
}: ScreenProps) {
  useEffect(() => {
    document.title = `${tabTitle} · EduPortal`;
  }, [tabTitle]);
  const heading = <h1 className={titleHidden ? 'visually-hidden' : undefined}>{title}</h1>;
  return (
    <div className="screen">
      {breadcrumb || lead ? (
        <div className="page-header">
          {breadcrumb ? <Breadcrumb current={title} /> : null}
          {heading}
          {lead ? <p className="page-lead">{lead}</p> : null}
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}

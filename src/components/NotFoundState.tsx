import { Button, NonIdealState } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from './PageHeading';

/** Props of {@link NotFoundState}. */
export interface NotFoundStateProps {
  /** What was not found, as the page's heading. */
  title: string;
  /** A sentence on what may have happened. */
  description: string;
  /** The label of the way back. */
  backText: string;
  /** Where the way back leads. */
  backTo: string;
  /** A test id. */
  'data-testid'?: string;
}

/**
 * A page for something that is not there (a path, an instance): its heading says what is
 * missing, and one button leads back.
 */
export function NotFoundState({
  title,
  description,
  backText,
  backTo,
  'data-testid': testId,
}: NotFoundStateProps) {
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="tessera-not-found"
      icon={<SearchIcon size={40} />}
      // The heading is the page's own h1, not NonIdealState's h4 title.
      description={
        <div data-testid={testId}>
          <PageHeading className="tessera-not-found__title">{title}</PageHeading>
          <p>{description}</p>
        </div>
      }
      action={<Button intent="primary" text={backText} onClick={() => void navigate(backTo)} />}
    />
  );
}

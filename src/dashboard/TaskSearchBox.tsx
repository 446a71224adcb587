import { InputGroup } from '@blueprintjs/core';
import { CrossIcon, SearchIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from './dashboardConstants';
import type { TaskListStore } from './TaskListStore';
import { IconButton } from '../components/IconButton';

/** Props of {@link TaskSearchBox}. */
export interface TaskSearchBoxProps {
  /** The list searched. */
  list: TaskListStore;
}

/** The search box of a list: searches task names once typing pauses, or at once on Enter. */
export const TaskSearchBox = observer(function TaskSearchBox({ list }: TaskSearchBoxProps) {
  const { t } = useTranslation();
  const applied = list.filters.taskName;
  const [text, setText] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);

  // The popover or "clear filters" may change the name from outside: follow it.
  if (applied !== lastApplied) {
    setLastApplied(applied);
    setText(applied);
  }

  useEffect(() => {
    if (text.trim() === applied.trim()) return;
    const timer = setTimeout(() => void list.search(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, list]);

  return (
    <InputGroup
      className="tessera-search"
      type="search"
      leftIcon={<SearchIcon />}
      placeholder={t('dashboard.search.placeholder')}
      aria-label={t('dashboard.search.label')}
      value={text}
      maxLength={200}
      onValueChange={(value) => setText(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void list.search(text.trim());
      }}
      rightElement={
        text ? (
          <IconButton
            variant="minimal"
            icon={<CrossIcon />}
            label={t('dashboard.search.clear')}
            onClick={() => {
              setText('');
              void list.search('');
            }}
          />
        ) : undefined
      }
    />
  );
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BULK_REASSIGN_LIMIT } from '../../schemas/api/tasksConstants';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { BulkSelectionBar } from './BulkSelectionBar';

let stores: RootStore | undefined;

afterEach(() => stores?.dispose());

describe('spec 000 sections 5 and 8 (lines 209 and 299): the warning when the selection reaches the limit, dashboard.maxMsg', () => {
  it('given 19 team rows selected, when the 20th is selected, then the dashboard.maxMsg warning shows, and a 21st is refused', () => {
    stores = createTestStores('/').stores;
    const dashboard = stores.dashboard;
    const team = dashboard.lists.team;
    render(
      <StoresContext.Provider value={stores}>
        <BulkSelectionBar dashboard={dashboard} />
      </StoresContext.Provider>,
    );
    act(() => {
      for (let n = 1; n < BULK_REASSIGN_LIMIT; n += 1) team.toggleSelected(`t-${n}`);
    });
    expect(screen.getByTestId('selected-count').textContent).toContain('19');
    expect(screen.queryByTestId('selection-limit')).toBeNull();

    act(() => team.toggleSelected('t-20'));
    expect(BULK_REASSIGN_LIMIT).toBe(20);
    const warning = screen.getByTestId('selection-limit');
    expect(warning.textContent).toBe('You can select at most 20 tasks at a time.');

    act(() => team.toggleSelected('t-21'));
    expect(team.selectedIds).toHaveLength(20);
    act(() => team.toggleSelected('t-20'));
    expect(screen.queryByTestId('selection-limit')).toBeNull();
  });
});

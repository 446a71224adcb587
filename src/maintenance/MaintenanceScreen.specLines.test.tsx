import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { MaintenanceScreen } from './MaintenanceScreen';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

describe('spec 000 section 2 (line 28): the maintenance page shows an illustration', () => {
  it('given the maintenance page, when it renders, then a decorative illustration is drawn beside the header and sub-header', () => {
    server = new FakeServer();
    stores = createTestStores('/maintenance').stores;
    const { container } = render(
      <StoresContext.Provider value={stores}>
        <MaintenanceScreen />
      </StoresContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We’ll be back shortly');
    const art = container.querySelector('svg.tessera-maintenance__art');
    expect(art).not.toBeNull();
    // A picture, not words: it carries shapes and is hidden from screen readers.
    expect(art?.querySelectorAll('rect').length).toBeGreaterThan(0);
    expect(art?.getAttribute('aria-hidden')).toBe('true');
  });
});

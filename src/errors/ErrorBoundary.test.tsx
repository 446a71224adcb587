import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Link, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ScreenErrorBoundary } from './ErrorBoundary';

/** A screen that cannot render what it was given. */
function BrokenScreen(): never {
  throw new Error('Objects are not valid as a React child');
}

/** The app around a screen: a link that stays (as the shell does) and the boundary. */
function AppWith({ start }: { start: string }) {
  return (
    <MemoryRouter initialEntries={[start]}>
      <nav>
        <Link to="/">Dashboard</Link>
      </nav>
      <ScreenErrorBoundary>
        <Routes>
          <Route path="/" element={<p>Dashboard screen</p>} />
          <Route path="/broken" element={<BrokenScreen />} />
        </Routes>
      </ScreenErrorBoundary>
    </MemoryRouter>
  );
}

describe('ScreenErrorBoundary', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
    vi.restoreAllMocks();
  });

  it('given a screen that throws, then the translated error view replaces it, Reload has the focus, and the rest stays', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<AppWith start="/broken" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    const reload = screen.getByRole('button', { name: 'Reload page' });
    expect(document.activeElement).toBe(reload);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('given the error view, when the user goes to another screen, then that screen shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<AppWith start="/broken" />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByText('Dashboard screen')).toBeTruthy();
    expect(screen.queryByTestId('error-view')).toBeNull();
  });

  it.each([
    ['es', 'Algo ha salido mal', 'Volver a cargar la página'],
    ['fr', 'Un problème est survenu', 'Recharger la page'],
  ])(
    'given the %s interface, then the error view is in that language',
    async (language, title, reload) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await i18n.changeLanguage(language);
      render(<AppWith start="/broken" />);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('button', { name: reload })).toBeTruthy();
    },
  );
});

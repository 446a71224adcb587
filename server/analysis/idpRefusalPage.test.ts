import { describe, expect, it } from 'vitest';
import { idpRefusalPage, refusalLanguage } from './idpRefusalPage';

describe('the analysis sign-in window refusal page', () => {
  it('given browser languages, when the page language is chosen, then the highest ranked supported one wins and English is the fallback', () => {
    expect(refusalLanguage('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(refusalLanguage('de-DE,es;q=0.7,en;q=0.5')).toBe('es');
    expect(refusalLanguage('en;q=0.2, es-MX;q=0.8')).toBe('es');
    expect(refusalLanguage('fr;q=0, en')).toBe('en');
    expect(refusalLanguage('de, it')).toBe('en');
    expect(refusalLanguage(undefined)).toBe('en');
    expect(refusalLanguage('\u0000;;,,q=abc')).toBe('en');
  });

  it('given each refusal, when written in Spanish and French, then the page is in that language, declares it and says what to do', () => {
    const spanish = idpRefusalPage('notSignedIn', 'es-ES');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('No ha iniciado sesión');
    const french = idpRefusalPage('expired', 'fr-FR');
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain('La connexion a expiré');
    expect(french).toContain('onglet Analyse');
    const english = idpRefusalPage('notAllowed', undefined);
    expect(english).toContain('<h1>Not allowed</h1>');
    expect(english).not.toContain('access-bo');
  });

  it('given the French apostrophes, when written into the page, then they are escaped as HTML', () => {
    expect(idpRefusalPage('notSignedIn', 'fr')).toContain('Vous n&#39;êtes pas connecté');
  });
});

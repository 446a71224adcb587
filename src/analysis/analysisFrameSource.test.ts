import { describe, expect, it } from 'vitest';
import { analysisFrameSource } from './analysisFrameSource';

const ORIGIN = 'http://localhost:8080';

describe('analysisFrameSource', () => {
  it("given a relative address, when framed, then it is this origin's page told the language", () => {
    expect(
      analysisFrameSource('/api/analysis/report/loans/1?status=decision', ORIGIN, 'es'),
    ).toEqual({
      src: 'http://localhost:8080/api/analysis/report/loans/1?status=decision&lang=es',
      sameOrigin: true,
    });
  });

  it('given an external https address, when framed, then it is kept as it is', () => {
    expect(analysisFrameSource('https://bi.example/report?id=4', ORIGIN, 'fr')).toEqual({
      src: 'https://bi.example/report?id=4',
      sameOrigin: false,
    });
  });

  it('given a script or data address, when framed, then no frame is made', () => {
    expect(analysisFrameSource('javascript:alert(1)', ORIGIN, 'en')).toBeNull();
    expect(analysisFrameSource('data:text/html,<p>x</p>', ORIGIN, 'en')).toBeNull();
  });
});

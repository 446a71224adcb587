import { describe, expect, it } from 'vitest';
import { describeAnswers, tagOf } from './describeAnswers';

describe('describeAnswers', () => {
  it('given answers with the placeholder, when described, then each says what its status means and the operation gets its path group', () => {
    const document = {
      paths: {
        '/api/task/comments': {
          post: {
            responses: {
              '200': { description: 'Default Response' },
              '404': { description: 'Default Response' },
              '503': { description: 'Kept: written by the route.' },
            },
          },
        },
      },
    };

    const described = describeAnswers(document);

    expect(described.paths['/api/task/comments'].post).toEqual({
      tags: ['task'],
      responses: {
        '200': { description: 'Done.' },
        '404': { description: 'Nothing of that id in the tenant, or no such tenant.' },
        '503': { description: 'Kept: written by the route.' },
      },
    });
  });

  it('given paths of each kind, when grouped, then the group is the first segment after /api, or the first', () => {
    expect(tagOf('/api/datastore/object-definitions')).toBe('datastore');
    expect(tagOf('/identity/login')).toBe('identity');
    expect(tagOf('/healthz')).toBe('healthz');
  });
});

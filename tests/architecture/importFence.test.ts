import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

// The repository's own flat config, run on fixture text placed (in name only) where the
// fence applies: nothing is written to disk.
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function fenceFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'import-x/no-restricted-paths' ||
        message.ruleId === 'no-restricted-imports',
    )
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the import fence of the shared core and the server', () => {
  it.each([
    ['react', "import { useState } from 'react';\nexport const hook = useState;\n"],
    ['mobx', "import { observable } from 'mobx';\nexport const box = observable.box(1);\n"],
    ['Blueprint', "import { Button } from '@blueprintjs/core';\nexport const B = Button;\n"],
    ['rjsf', "import Form from '@rjsf/core';\nexport const F = Form;\n"],
  ])(
    'given a core module importing %s, when linted, then the fence reports it',
    async (_, code) => {
      const findings = await fenceFindings('src/core/forms/fenceFixture.ts', code);
      expect(findings).toEqual([expect.stringMatching(/^no-restricted-imports: .*no UI library/)]);
    },
  );

  it('given a core module importing a browser module by relative path, when linted, then it is reported', async () => {
    const findings = await fenceFindings(
      'src/core/forms/fenceFixture.ts',
      "import { FieldRegistry } from '../../forms/registry/FieldRegistry';\nexport const R = FieldRegistry;\n",
    );
    expect(findings).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/core, schemas/),
    ]);
  });

  it('given a core module importing the plugin catalog, when linted, then it is reported: the core takes a catalog as an argument', async () => {
    for (const module of ['catalog', 'compiler']) {
      const findings = await fenceFindings(
        'src/core/forms/compiler/fenceFixture.ts',
        `import * as all from '../../../../plugins/${module}';\nexport const a = all;\n`,
      );
      expect(findings).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/core, schemas/),
      ]);
    }
  });

  it("given a plugin's rules importing its widget, when linted, then it is reported", async () => {
    const findings = await fenceFindings(
      'plugins/text/fenceFixture.ts',
      "import { TextWidget } from './Widget';\nexport const W = TextWidget;\n",
    );
    expect(findings).toHaveLength(1);
  });

  it('given a server module importing from the browser app, when linted, then it is reported', async () => {
    const findings = await fenceFindings(
      'server/forms/fenceFixture.ts',
      "import { defaultFieldRegistry } from '../../src/forms/registry/createFieldRegistry';\nexport const r = defaultFieldRegistry;\n",
    );
    expect(findings).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*server, schemas, src\/core/),
    ]);
  });

  it('given core and server modules importing only what the fence allows, when linted, then nothing is reported', async () => {
    await expect(
      fenceFindings(
        'src/core/forms/fenceFixture.ts',
        [
          "import type { NormalizedField } from '../../../schemas/forms';",
          "import rules from '../../../plugins/number/rules';",
          "import { validationError } from './fields/validationError';",
          'export const check = (field: NormalizedField) => [rules.type, field.id, validationError];',
          '',
        ].join('\n'),
      ),
    ).resolves.toEqual([]);
    await expect(
      fenceFindings(
        'server/forms/fenceFixture.ts',
        [
          "import { compileForm } from '../../plugins/compiler';",
          "import { FIELD_CATALOG } from '../../plugins/catalog';",
          "import { checkFormValues } from './checkFormValues';",
          'export const all = [compileForm, FIELD_CATALOG, checkFormValues];',
          '',
        ].join('\n'),
      ),
    ).resolves.toEqual([]);
  });
});

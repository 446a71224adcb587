// `node --import ./scripts/importGlobHook.mjs` (with tsx: `tsx --import …`): the project's
// modules may use eager `import.meta.glob`, as they do under Vite (scripts/importGlob.mjs).
import { register } from 'node:module';

register('./importGlobLoader.mjs', import.meta.url);

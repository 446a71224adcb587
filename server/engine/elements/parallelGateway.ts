import type { ElementModule } from './elementModule';

/** Forks onto every outgoing flow; with several incoming flows it joins one token of each. */
export const parallelGateway: ElementModule<'parallelGateway'> = {
  kind: 'parallelGateway',
  role: { gateway: true },
  read(_element, { base }) {
    return { ...base, kind: 'parallelGateway' };
  },
};

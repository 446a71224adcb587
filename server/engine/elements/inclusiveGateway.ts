import type { ElementModule } from './elementModule';
import { checkDefaultFlow, readDefaultFlow } from './gatewayFlows';

/**
 * Forks onto every outgoing flow whose condition holds (a flow without one always, as in
 * Flowable), else the default; a join waits until no other token of its scope can reach it.
 */
export const inclusiveGateway: ElementModule<'inclusiveGateway'> = {
  kind: 'inclusiveGateway',
  role: { gateway: true, conditions: true },
  read(element, { base }) {
    return { ...base, kind: 'inclusiveGateway', defaultFlow: readDefaultFlow(element) };
  },
  check: checkDefaultFlow,
};

import type { appMethods, AppStatus } from '../../shared/ipc/contract/app';
import type { HandlersFor } from '../core/handlers';

/** `app.status`: the till's state as a whole, which only the composition (create-core.ts) can assemble. */
export interface AppHandlerDeps {
  status(): AppStatus;
}

export function createAppHandlers(deps: AppHandlerDeps): HandlersFor<typeof appMethods> {
  return {
    'app.status': async () => deps.status(),
  };
}

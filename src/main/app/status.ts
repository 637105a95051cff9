import type { appMethods, AppStatus } from '../../shared/ipc/contract/app';
import type { HandlersFor } from '../core/handlers';

export interface AppHandlerDeps {
  status(): AppStatus;
}

export function createAppHandlers(deps: AppHandlerDeps): HandlersFor<typeof appMethods> {
  return {
    'app.status': async () => deps.status(),
  };
}

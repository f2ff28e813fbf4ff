/** Tag `config`: configuration, feature flags, holidays and EPA terms by key. */
import type { Handlers } from '../http/api.js';
import { getConfig, type ConfigKey } from '../repos/config.js';
import type { RouteDeps } from './deps.js';

export function configHandlers({ db }: RouteDeps): Handlers {
  return {
    async getConfig(request) {
      const { key } = request.query as { key: ConfigKey };
      return getConfig(db, key);
    },
  };
}

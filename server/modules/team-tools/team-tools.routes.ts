import { teamToolsQuery, teamToolsResponse } from '../../../common/contracts/team-tools';
import { guard } from '../../plugins/auth';
import type { App } from '../../types';
import { teamTools } from './team-tools.service';

// Built on license seats, so it needs Growth like /api/licenses.
export async function teamToolsRoutes(app: App) {
  app.get('/team-tools', {
    schema: {
      operationId: 'listTeamTools',
      tags: ['licenses'],
      querystring: teamToolsQuery,
      response: { 200: teamToolsResponse },
    },
    preHandler: guard({ feature: 'licenses' }),
    handler: async (request) => teamTools(app.deps, request.ctx, request.query.groupBy),
  });
}

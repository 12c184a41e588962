import {
  feedPost,
  noContent,
  pageQuery,
  profileTeam,
  TEAM_TEXTS,
  team,
  teamApplication,
  teamApplicationRespondBody,
  teamApplyBody,
  teamCreateBody,
  teamGalleryBody,
  teamGalleryItem,
  teamInvite,
  teamInviteBody,
  teamInviteRespondBody,
  teamMember,
  teamMembersQuery,
  teamPageQuery,
  teamPatchBody,
  teamResponseAnswer,
  teamRoleBody,
  teamsQuery,
  teamTransferBody,
  userInvite,
  uuid,
  viewerApplication,
  z,
} from '../../../contract';
import type { App, Ctx } from '../../context';
import { notFound } from '../../errors';
import { anonymousReads } from '../../lib/stamped-cache';
import { requireUser } from '../auth';
import { assertReachableImages } from '../image-proxy';
import { notifyOptionsOf } from '../notifications';
import { listPosts, presentPost } from '../posts';
import * as teams from './service';

const idParams = z.object({ id: uuid() });
const memberParams = z.object({ id: uuid(), userId: uuid() });

/** Teams (issue 12): the directory, a team's page, its roster, applications, invites, gallery and feed. */
export async function teamRoutes(app: App, ctx: Ctx) {
  const db = ctx.db;
  const notice = notifyOptionsOf(ctx.config);

  // The directory, a team and its roster as anonymous visitors see them (server/lib/stamped-cache.ts).
  const publicRead = anonymousReads(app, ctx.config.publicCacheMs ?? 0, {
    bus: ctx.bus,
    topic: 'public:teams',
  });

  // Teams ---------------------------------------------------------------------------------------
  app.get(
    '/api/teams',
    {
      config: { signedOutCache: true },
      schema: { querystring: teamsQuery, response: { 200: z.array(team) } },
    },
    async (request) => publicRead(request, () => teams.listTeams(db, request.query, request.user)),
  );

  app.post(
    '/api/teams',
    { schema: { body: teamCreateBody, response: { 201: team } } },
    async (request, reply) =>
      reply.status(201).send(await teams.createTeam(db, requireUser(request), request.body, notice)),
  );

  app.get(
    '/api/teams/:id',
    { config: { signedOutCache: true }, schema: { params: idParams, response: { 200: team } } },
    async (request) => publicRead(request, () => teams.getTeam(db, request.params.id, request.user)),
  );

  app.patch(
    '/api/teams/:id',
    { schema: { params: idParams, body: teamPatchBody, response: { 200: team } } },
    async (request) => teams.updateTeam(db, requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/teams/:id',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await teams.disbandTeam(db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/teams/:id/transfer',
    { schema: { params: idParams, body: teamTransferBody, response: { 200: team } } },
    async (request) =>
      teams.transferTeam(db, requireUser(request), request.params.id, request.body.userId, notice),
  );

  // Members -------------------------------------------------------------------------------------
  app.get(
    '/api/teams/:id/members',
    {
      config: { signedOutCache: true },
      schema: { params: idParams, querystring: teamMembersQuery, response: { 200: z.array(teamMember) } },
    },
    async (request) =>
      publicRead(request, () => teams.listMembers(db, request.params.id, request.query, request.user)),
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    { schema: { params: memberParams, response: { 204: noContent } } },
    async (request, reply) => {
      await teams.removeMember(db, requireUser(request), request.params.id, request.params.userId, notice);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/teams/:id/members/:userId/role',
    { schema: { params: memberParams, body: teamRoleBody, response: { 200: teamMember } } },
    async (request) =>
      teams.changeRole(
        db,
        requireUser(request),
        request.params.id,
        request.params.userId,
        request.body.role,
        notice,
      ),
  );

  app.post(
    '/api/teams/:id/leave',
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await teams.leaveTeam(db, requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Applications --------------------------------------------------------------------------------
  app.get(
    '/api/teams/:id/applications',
    { schema: { params: idParams, querystring: teamPageQuery, response: { 200: z.array(teamApplication) } } },
    async (request) => teams.listApplications(db, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/teams/:id/applications',
    { schema: { params: idParams, body: teamApplyBody, response: { 201: viewerApplication } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await teams.applyToTeam(db, requireUser(request), request.params.id, request.body.message, notice),
        ),
  );

  app.post(
    '/api/team-applications/:id/respond',
    { schema: { params: idParams, body: teamApplicationRespondBody, response: { 200: teamResponseAnswer } } },
    async (request) =>
      teams.respondApplication(db, requireUser(request), request.params.id, request.body, notice),
  );

  // Invites -------------------------------------------------------------------------------------
  app.post(
    '/api/teams/:id/invites',
    { schema: { params: idParams, body: teamInviteBody, response: { 201: teamInvite } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await teams.inviteToTeam(db, requireUser(request), request.params.id, request.body.userId, notice),
        ),
  );

  app.get(
    '/api/teams/:id/invites',
    { schema: { params: idParams, querystring: teamPageQuery, response: { 200: z.array(teamInvite) } } },
    async (request) => teams.listInvites(db, requireUser(request), request.params.id, request.query),
  );

  app.delete(
    '/api/teams/:id/invites/:inviteId',
    { schema: { params: z.object({ id: uuid(), inviteId: uuid() }), response: { 204: noContent } } },
    async (request, reply) => {
      await teams.revokeInvite(db, requireUser(request), request.params.id, request.params.inviteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user/invites',
    { schema: { querystring: teamPageQuery, response: { 200: z.array(userInvite) } } },
    async (request) => teams.listUserInvites(db, requireUser(request), request.query),
  );

  app.post(
    '/api/team-invites/:id/respond',
    { schema: { params: idParams, body: teamInviteRespondBody, response: { 200: teamResponseAnswer } } },
    async (request) =>
      teams.respondInvite(db, requireUser(request), request.params.id, request.body.accept, notice),
  );

  // Gallery -------------------------------------------------------------------------------------
  app.get(
    '/api/teams/:id/gallery',
    {
      config: { signedOutCache: true },
      schema: { params: idParams, querystring: teamPageQuery, response: { 200: z.array(teamGalleryItem) } },
    },
    async (request) => teams.listGallery(db, request.params.id, request.query, request.user),
  );

  app.post(
    '/api/teams/:id/gallery',
    { schema: { params: idParams, body: teamGalleryBody, response: { 201: teamGalleryItem } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await teams.addGalleryItem(db, requireUser(request), request.params.id, request.body, (address) =>
            assertReachableImages(ctx, [address], 'imageUrl'),
          ),
        ),
  );

  app.delete(
    '/api/teams/:id/gallery/:itemId',
    { schema: { params: z.object({ id: uuid(), itemId: uuid() }), response: { 204: noContent } } },
    async (request, reply) => {
      await teams.deleteGalleryItem(db, requireUser(request), request.params.id, request.params.itemId);
      return reply.status(204).send(null);
    },
  );

  // Feed: the posts of the team's members, in the feed's Post shape (the posts module's query and presenter).
  app.get(
    '/api/teams/:id/feed',
    {
      config: { signedOutCache: true },
      schema: { params: idParams, querystring: teamPageQuery, response: { 200: z.array(feedPost) } },
    },
    async (request) => {
      const [posts, exists] = await Promise.all([
        listPosts(db, {
          viewerId: request.user?.id ?? null,
          teamId: request.params.id,
          limit: request.query.limit,
          before: request.query.before,
        }),
        teams.teamExists(db, request.params.id),
      ]);
      if (!exists) throw notFound(TEAM_TEXTS.teamNotFound);
      return posts.map(({ isLiked, isBookmarked, ...card }) =>
        presentPost(card, isLiked, request.user, isBookmarked),
      );
    },
  );

  // A player's teams (profile cards) -------------------------------------------------------------
  app.get(
    '/api/user/:userId/teams',
    {
      config: { signedOutCache: true },
      schema: {
        params: z.object({ userId: uuid() }),
        querystring: pageQuery.extend({ before: uuid().optional() }),
        response: { 200: z.array(profileTeam) },
      },
    },
    async (request) =>
      teams.listUserTeams(db, {
        userId: request.params.userId,
        limit: request.query.limit,
        before: request.query.before,
      }),
  );
}

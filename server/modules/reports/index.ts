/**
 * What other modules use of reports: the one rule of who may report what (`canReport` in the
 * answers of posts, comments, profiles, teams, gear and gallery images; `mayReport` for
 * POST /api/reports). The module itself (routes) is `reportsModule` in module.ts.
 */
export { canReport, mayReport, type ReportFacts } from './policy';

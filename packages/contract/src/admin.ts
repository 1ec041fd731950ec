// Requests and responses of the operators' console (API.md "Admin"): everything under
// /api/admin, role admin only. The console's forms validate with these same schemas, so the
// browser and the server refuse the same input. Amounts follow API.md "Conventions": requests
// carry rupees (at most 2 decimals), responses rupees beside their `_paise` twin. Field texts
// are plain English for operators: the console shows them beside the field they name.
//
// One module per area under ./admin/; this one is all of them, as the API and the console import it.
export {
  ADMIN_PAGE_SIZE_MAX,
  type AdminPerson,
  adminPersonSchema,
  adminRouteSchema,
  pagedEnvelope,
  type PageQuery,
  pageQuerySchema,
  rupeesInputSchema,
} from './admin/fields';
export * from './admin/programme';
export * from './admin/commerce';
export * from './admin/people';
export * from './admin/editorial';
export * from './admin/community';
export * from './admin/insights';

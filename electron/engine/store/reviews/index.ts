/**
 * Sign-off and preparation of deposits (batch_reviews, batch_preparations).
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { insertPreparation, latestPreparationOf, appendPreparationGuarded } from './batchPreparations';
export type { BatchPreparationRow } from './batchPreparations';
export {
  checksRevision,
  latestReviews,
  reviewHistory,
  insertReview,
  reviewSnapshot,
  appendReviewGuarded,
} from './reviews';
export type { NewReview, ReviewSnapshot } from './reviews';

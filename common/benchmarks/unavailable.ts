// Why a benchmark figure is missing, as a short sentence for a table cell (the pack's screen, PDF and
// Markdown). The benchmark card's longer explanations live in web/features/benchmarks/labels.ts.
import {
  PEER_MIN_ORGANIZATIONS,
  type ListUnavailableReason,
  type PeerUnavailableReason,
} from '../contracts/benchmarks';

export const LIST_UNAVAILABLE_SHORT: Record<ListUnavailableReason, string> = {
  not_in_catalog: 'Not linked to the catalogue, so there is no list price to compare with',
  no_list_price: 'No public list price for this plan',
  stale_list_price: 'Stale list price (observed over 12 months ago or on no known date), not compared',
  no_price: 'No per-seat or flat price to compare',
  not_selected: 'Not one of your benchmark tools',
};

export const PEER_UNAVAILABLE_SHORT: Record<PeerUnavailableReason, string> = {
  plan: 'Peer prices are part of the Scale plan',
  opted_out: 'Your organization opted out of peer prices',
  too_few_organizations: `Fewer than ${PEER_MIN_ORGANIZATIONS} organizations pay for it in this seat band and term`,
  installation_too_small: `Too few organizations in the installation to compare (needs ${PEER_MIN_ORGANIZATIONS})`,
  not_in_catalog: 'Not linked to the catalogue, so there are no peers to compare with',
  no_price: 'No per-seat or flat price to compare',
  no_rate: 'No reference exchange rate for this currency',
};

/** The sentence for a missing list-price comparison (null reason: none recorded). */
export const listUnavailableText = (reason: ListUnavailableReason | null | undefined): string =>
  reason ? LIST_UNAVAILABLE_SHORT[reason] : 'No list-price comparison';

/** The sentence for missing peer figures. */
export const peerUnavailableText = (reason: PeerUnavailableReason | null | undefined): string =>
  reason ? PEER_UNAVAILABLE_SHORT[reason] : 'No peer prices';

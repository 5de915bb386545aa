import {
  PEER_MIN_ORGANIZATIONS,
  type ListUnavailableReason,
  type PeerUnavailableReason,
} from '@common/contracts/benchmarks';

/** Why there is no list-price comparison, in the words the card shows. */
export const LIST_UNAVAILABLE_TEXT: Record<ListUnavailableReason, string> = {
  not_in_catalog:
    'This application is not linked to the catalogue, so there is no list price to compare with. Edit it and pick it from the catalogue to compare.',
  no_list_price:
    'The catalogue has no confirmed per-seat or flat list price for this plan, so there is nothing trustworthy to compare with.',
  stale_list_price:
    'The catalogue\'s list price for this plan is stale: its source was observed more than 12 months ago or shows no date, so it backs no comparison or savings claim.',
  no_price:
    'This application has no per-seat or flat price to compare (usage-based or missing). Add its price to compare it.',
  not_selected: 'This application is not one of your benchmark tools yet.',
};

/** Why there are no peer figures, in the words the card shows. */
export const PEER_UNAVAILABLE_TEXT: Record<PeerUnavailableReason, string> = {
  plan: 'What other organizations pay for this application (benchmarking data) is part of the Scale plan.',
  opted_out:
    'Your organization opted out of sharing its prices with peer benchmarks, which also hides what peers pay.',
  too_few_organizations: `Fewer than ${PEER_MIN_ORGANIZATIONS} organizations pay for this application in this seat band and term. Peer prices stay hidden until at least ${PEER_MIN_ORGANIZATIONS} do, so no one's price can be singled out.`,
  installation_too_small: `This installation has too few organizations for peer benchmarks yet: each figure needs at least ${PEER_MIN_ORGANIZATIONS} different organizations.`,
  not_in_catalog: 'Peer prices are matched through the catalogue, and this application is not linked to it.',
  no_price: 'Peer prices compare the price per seat or per month, and this application has neither.',
  no_rate:
    "Peer prices are compared in US dollars, and there is no reference exchange rate for this price's currency.",
};

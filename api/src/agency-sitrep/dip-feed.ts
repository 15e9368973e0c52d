/**
 * Agencies whose fire statistics groups (new fires yesterday, full, modified and monitored
 * response) are fed automatically from their fires data (`has_dip_feed`). British Columbia and
 * Ontario publish complete fire feeds, so the demo gives them the feed; the flag is a column, so
 * an operator can change it per agency without a release.
 */
export const DIP_FEED_AGENCIES = ['bc', 'on'] as const;

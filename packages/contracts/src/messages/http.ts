/**
 * Refusals common to every route: the request itself (its body, its query), identity and
 * permissions, what is not there, and the services the API depends on.
 */
export const HTTP_MESSAGES = {
  'http.not_found': { en: 'Not found', fr: 'Introuvable' },
  'http.route_not_found': {
    en: 'Route {method} {path} not found',
    fr: 'Route {method} {path} introuvable',
  },
  'http.internal': { en: 'Internal server error', fr: 'Erreur interne du serveur' },
  'request.invalid': { en: 'Invalid {part}: {summary}', fr: '{part} non valide : {summary}' },
  'request.too_large': { en: 'Request body is too large', fr: 'Le corps de la requête est trop volumineux' },
  // A file over an address's limit, said in megabytes (the imports', the gateway's and nginx's 413).
  'request.too_large_mb': {
    en: 'File too large: at most {max, number} MB',
    fr: 'Fichier trop volumineux : au plus {max, number} Mo',
  },
  'request.invalid_json': {
    en: 'Request body is not valid JSON: {detail}',
    fr: 'Le corps de la requête n’est pas du JSON valide : {detail}',
  },
  'request.empty_json': {
    en: 'Request body is empty but declared as JSON',
    fr: 'Le corps de la requête est vide mais déclaré comme JSON',
  },
  'request.unsupported_media_type': {
    en: 'Unsupported content type: {type}',
    fr: 'Type de contenu non pris en charge : {type}',
  },
  // A 4xx of the web framework that none of ours names (its text kept as the detail).
  'request.refused': { en: 'Request refused: {detail}', fr: 'Requête refusée : {detail}' },
  'query.unknown_parameter': {
    en: 'Unknown query parameter {names} (this address takes: {expected})',
    fr: 'Paramètre de requête inconnu {names} (cette adresse accepte : {expected})',
  },
  'query.repeated_parameter': {
    en: 'Query parameter {names} is given more than once',
    fr: 'Le paramètre de requête {names} est donné plus d’une fois',
  },
  'query.dates_reversed': {
    en: 'to_date {to} is before from_date {from}',
    fr: 'to_date {to} est antérieure à from_date {from}',
  },
  'query.span_too_long': {
    en: 'at most {max, number} days from start_date',
    fr: 'au plus {max, number} jours après start_date',
  },
  // "Fires near me": a place id the gazetteer does not hold.
  'query.unknown_place': {
    en: 'No place {near}: give a place id of /v1/places or latitude,longitude',
    fr: 'Aucun lieu {near} : donnez un identifiant de lieu de /v1/places ou latitude,longitude',
  },
  'query.page_beyond_last': {
    en: 'page {page} is beyond the last page ({last})',
    fr: 'la page {page} est au-delà de la dernière page ({last})',
  },
  // OGC API – Features (docs/fires-import.md, "A layer for GIS tools"): a filter, CRS or extent refused.
  'ogc.filter_invalid': {
    en: 'The filter cannot be read at character {at}: {detail}',
    fr: 'Le filtre est illisible au caractère {at} : {detail}',
  },
  'ogc.crs_unsupported': {
    en: 'Unsupported coordinate reference system {crs} (supported: {supported})',
    fr: 'Système de coordonnées non pris en charge {crs} (pris en charge : {supported})',
  },
  'ogc.bbox_numbers': {
    en: 'expected 4 numbers: minx,miny,maxx,maxy',
    fr: '4 nombres attendus : minx,miny,maxx,maxy',
  },
  'ogc.bbox_inverted': {
    en: '{lower} is greater than {upper}',
    fr: '{lower} est plus grand que {upper}',
  },
  'ogc.datetime_invalid': {
    en: '"{value}" is not an RFC 3339 date or date-time',
    fr: '«\u00a0{value}\u00a0» n’est pas une date ou une date-heure RFC 3339',
  },
  'ogc.datetime_parts': {
    en: 'expected an instant or start/end',
    fr: 'un instant ou début/fin attendu',
  },
  'ogc.datetime_open_instant': { en: 'an instant cannot be open', fr: 'un instant ne peut pas être ouvert' },
  'ogc.datetime_reversed': { en: 'the start is after the end', fr: 'le début est après la fin' },
  'ogc.no_collection': { en: 'No collection {collection}', fr: 'Aucune collection {collection}' },
  'ogc.no_feature': { en: 'No feature {feature}', fr: 'Aucun objet {feature}' },
  'ogc.no_tile_matrix_set': {
    en: 'No tile matrix set {tileMatrixSet}: WebMercatorQuad is served',
    fr: 'Aucun ensemble de matrices de tuiles {tileMatrixSet}\u00a0: WebMercatorQuad est servi',
  },
  'ogc.tile_outside_matrix': {
    en: 'Tile {tileMatrix}/{tileRow}/{tileCol} is not in WebMercatorQuad (matrices 0 to 24, rows and columns 0 to 2^matrix − 1)',
    fr: 'La tuile {tileMatrix}/{tileRow}/{tileCol} n’est pas dans WebMercatorQuad (matrices 0 à 24, lignes et colonnes de 0 à 2^matrice − 1)',
  },
  'ogc.tile_outside_limits': {
    en: 'Tile {tileMatrix}/{tileRow}/{tileCol} is outside the tile set (Canada, tile matrices 0 to {maxZoom})',
    fr: 'La tuile {tileMatrix}/{tileRow}/{tileCol} est hors du jeu de tuiles (le Canada, matrices 0 à {maxZoom})',
  },
  // Sign-in limits (429) of the content system and nginx: per client address, per account.
  'auth.rate_limited': {
    en: 'Too many sign-in attempts from your network. Wait a minute and try again.',
    fr: 'Trop de tentatives de connexion depuis votre réseau. Attendez une minute et réessayez.',
  },
  'auth.account_locked': {
    en: 'Too many failed sign-ins for this account. Try again in {minutes} min.',
    fr: 'Trop de connexions échouées pour ce compte. Réessayez dans {minutes} min.',
  },
  'auth.required': { en: 'Authentication required', fr: 'Authentification requise' },
  'auth.token_expired': { en: 'Token expired', fr: 'Jeton expiré' },
  'auth.token_invalid': { en: 'Invalid token', fr: 'Jeton non valide' },
  'auth.token_refused': { en: 'Token not accepted', fr: 'Jeton refusé' },
  'auth.not_bearer': {
    en: 'Authorization header is not a Bearer token',
    fr: 'L’en-tête Authorization n’est pas un jeton Bearer',
  },
  'auth.forbidden': { en: 'Not allowed', fr: 'Non autorisé' },
  'auth.national_only': {
    en: 'Only the national centre may do this',
    fr: 'Seul le centre national peut faire ceci',
  },
  'auth.unknown_agency': { en: 'Unknown agency {agency}', fr: 'Agence inconnue {agency}' },
  'auth.agency_read': {
    en: 'Not allowed to read agency {agency}',
    fr: 'Non autorisé à consulter l’agence {agency}',
  },
  'auth.agency_write': {
    en: 'Not allowed to write agency {agency}',
    fr: 'Non autorisé à modifier l’agence {agency}',
  },
  'feeds.national_only': {
    en: 'Only the national centre configures agency feeds',
    fr: 'Seul le centre national configure les flux des agences',
  },
  'feeds.not_found': { en: 'No feed for {agency}', fr: 'Aucun flux pour {agency}' },
  // Answered by nginx when no data API instance answers (deploy/nginx/ciffc.conf.template).
  'service.unavailable': {
    en: 'The data service is not answering; try again shortly',
    fr: 'Le service de données ne répond pas; réessayez sous peu',
  },
  'service.database_unavailable': {
    en: 'The database is not answering; try again shortly',
    fr: 'La base de données ne répond pas; réessayez sous peu',
  },
  'service.identity_unavailable': { en: 'Identity unavailable', fr: 'Identité indisponible' },
  'service.cms_unavailable': { en: 'Content system unavailable', fr: 'Système de contenu indisponible' },
  'service.cms_status': {
    en: 'Content system answered {status}',
    fr: 'Le système de contenu a répondu {status}',
  },
  'service.cms_no_user': {
    en: 'Content system gave no user',
    fr: 'Le système de contenu n’a donné aucun utilisateur',
  },
  'service.site_not_built': {
    en: 'The site is not built (no shell to serve)',
    fr: 'Le site n’est pas construit (aucune page à servir)',
  },
} as const;

/** The perimeter import: a file refused whole, or one feature. */
export const PERIMETER_MESSAGES = {
  'perimeters.unreadable': {
    en: 'Malformed file: not GeoJSON, KML or a zipped Shapefile ({detail})',
    fr: 'Fichier mal formé : ni GeoJSON, ni KML, ni Shapefile compressé ({detail})',
  },
  'perimeters.no_features': {
    en: 'Malformed file: no feature found',
    fr: 'Fichier mal formé : aucune entité trouvée',
  },
  'perimeters.archive_malformed': {
    en: 'Malformed archive: {detail}',
    fr: 'Archive mal formée : {detail}',
  },
  'perimeters.archive_too_many_entries': {
    en: 'Archive refused: {count, number} entries (at most {max, number})',
    fr: 'Archive refusée : {count, number} entrées (au plus {max, number})',
  },
  'perimeters.entry_too_large': {
    en: 'File too large: {entry} inflates to {size, number} bytes (at most {max, number})',
    fr: 'Fichier trop volumineux : {entry} se décompresse en {size, number} octets (au plus {max, number})',
  },
  'perimeters.archive_too_large': {
    en: 'File too large: the archive inflates to more than {max, number} bytes',
    fr: 'Fichier trop volumineux : l’archive se décompresse en plus de {max, number} octets',
  },
  'perimeters.archive_ratio': {
    en: 'Archive refused: {entry} inflates to {ratio, number} times its compressed size (at most {max, number})',
    fr: 'Archive refusée : {entry} se décompresse en {ratio, number} fois sa taille compressée (au plus {max, number})',
  },
  'perimeters.shapefile_inconsistent': {
    en: 'Malformed Shapefile: {file}: {detail}',
    fr: 'Shapefile mal formé : {file} : {detail}',
  },
  'perimeters.too_many_features': {
    en: 'File too large: more than {max, number} features',
    fr: 'Fichier trop volumineux : plus de {max, number} entités',
  },
  'perimeters.too_complex': {
    en: 'File too complex: it could not be read within {memory, number} MB and {seconds, number} s',
    fr: 'Fichier trop complexe : il n’a pu être lu en {memory, number} Mo et {seconds, number} s',
  },
  'perimeters.forbidden': {
    en: 'Only the national centre or an agency user may import perimeters',
    fr: 'Seuls le centre national ou un utilisateur d’agence peuvent importer des périmètres',
  },
  'perimeters.feature_not_polygon': {
    en: 'the geometry is a {type}, not a Polygon or MultiPolygon',
    fr: 'la géométrie est un {type}, pas un Polygon ou MultiPolygon',
  },
  'perimeters.feature_bad_coordinates': {
    en: 'a coordinate is not a pair of finite degrees',
    fr: 'une coordonnée n’est pas une paire de degrés finis',
  },
  'perimeters.feature_short_ring': {
    en: 'ring {ring} has {count} positions (at least 4 are needed)',
    fr: 'l’anneau {ring} a {count} positions (il en faut au moins 4)',
  },
  'perimeters.feature_open_ring': {
    en: 'ring {ring} is not closed (its last position differs from its first)',
    fr: 'l’anneau {ring} n’est pas fermé (sa dernière position diffère de la première)',
  },
  'perimeters.feature_self_intersection': {
    en: 'ring {ring} crosses itself near {longitude}, {latitude}',
    fr: 'l’anneau {ring} se croise près de {longitude}, {latitude}',
  },
  'perimeters.feature_outside_canada': {
    en: 'the polygon lies outside Canada ({west}, {south} to {east}, {north})',
    fr: 'le polygone est hors du Canada ({west}, {south} à {east}, {north})',
  },
  'perimeters.feature_absurd_area': {
    en: 'an area of {area} ha is not a fire perimeter (between {min} and {max, number} ha)',
    fr: 'une superficie de {area} ha n’est pas un périmètre de feu (entre {min} et {max, number} ha)',
  },
  'perimeters.feature_too_many_vertices': {
    en: 'the polygon has {count} vertices (at most {max, number})',
    fr: 'le polygone a {count} sommets (au plus {max, number})',
  },
  'perimeters.feature_bad_date': {
    en: 'the capture date {value} is not a date',
    fr: 'la date de relevé {value} n’est pas une date',
  },
  'perimeters.feature_foreign_agency': {
    en: 'the perimeter is of agency {agency}; you may import only {own}',
    fr: 'le périmètre est de l’agence {agency}; vous ne pouvez importer que {own}',
  },
  'perimeters.feature_unknown_agency': {
    en: 'unknown agency {agency}',
    fr: 'agence inconnue {agency}',
  },
  // Why an accepted perimeter matches no fire (it is kept, and listed with the reason).
  'perimeters.unmatched_no_agency': {
    en: 'the file names no agency for this perimeter: choose the attribute that holds the agency, or one agency for the whole file',
    fr: 'le fichier ne nomme aucune agence pour ce périmètre : choisissez l’attribut qui contient l’agence, ou une agence pour tout le fichier',
  },
  'perimeters.unmatched_no_fire_id': {
    en: 'the file names no fire number for this perimeter: choose the attribute that holds the fire number',
    fr: 'le fichier ne nomme aucun numéro de feu pour ce périmètre : choisissez l’attribut qui contient le numéro de feu',
  },
  'perimeters.unmatched_no_fire': {
    en: 'no fire {fire} reported by {agency}',
    fr: 'aucun feu {fire} déclaré par {agency}',
  },
  'perimeters.unmatched_other_year': {
    en: 'fire {fire} of {agency} is of the {fire_year} fire year; the file says {year}',
    fr: 'le feu {fire} de {agency} est de la saison {fire_year}; le fichier indique {year}',
  },
  'perimeters.mapping_unknown_attribute': {
    en: 'the file has no attribute {attribute}',
    fr: 'le fichier n’a pas d’attribut {attribute}',
  },
  'perimeters.mapping_foreign_agency': {
    en: 'you may import only the perimeters of {own}',
    fr: 'vous ne pouvez importer que les périmètres de {own}',
  },
  'perimeters.not_found': {
    en: 'No perimeter of fire {fire} of agency {agency}',
    fr: 'Aucun périmètre pour le feu {fire} de l’agence {agency}',
  },
} as const;

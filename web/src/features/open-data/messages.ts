import { defineCatalogue } from '../../shared/i18n/catalogue.ts';

export const messages = defineCatalogue({
  en: {
    'openData.intro':
      'The fire data on this site is open: take it into a GIS, a spreadsheet or your own web map. Each way in below gives the same fires, updated as the agencies report.',
    'openData.ogc.title': 'In QGIS, ArcGIS or GDAL: the OGC API – Features layer',
    'openData.ogc.url': 'Service address (OGC API – Features, GeoJSON, CRS84, EPSG:3978 and EPSG:3857):',
    'openData.ogc.qgis.title': 'QGIS',
    'openData.ogc.qgis.1': 'Layer › Add Layer › Add WFS / OGC API – Features Layer.',
    'openData.ogc.qgis.2': 'New; give the connection a name and the service address as URL; OK.',
    'openData.ogc.qgis.3':
      'Connect, choose the layer “fires”, then Add. Filter it with the query builder: the filter runs on the server.',
    'openData.ogc.arcgis.title': 'ArcGIS Pro and ArcGIS Online',
    'openData.ogc.arcgis.1':
      'ArcGIS Pro: Insert › Connections › Server › New OGC API Server, with the service address.',
    'openData.ogc.arcgis.2':
      'ArcGIS Online: Map › Add › Add layer from URL, type OGC Feature Layer, the service address, then the collection “fires”.',
    'openData.ogc.gdal': 'With GDAL, to a GeoPackage:',
    'openData.ogc.changed.title': 'What changed since a time',
    'openData.ogc.changed':
      'Ask for the fires whose updated_at is later than your last read (an instant in UTC), every season included (datetime=../..); keep the time of each read for the next one:',
    'openData.ogc.changed.gdal': 'With GDAL, the same filter runs on the server:',
    'openData.ogc.tiles.title': 'Vector tiles',
    'openData.ogc.tiles':
      'The fires and the perimeters also come as vector tiles (OGC API – Tiles, Mapbox Vector Tiles on WebMercatorQuad, zoom 0 to 16), for a web map or QGIS (Layer › Add Layer › Add Vector Tile Layer, a new generic connection with this address):',
    'openData.ogc.browse': 'The fields the server filters on (queryables), as a JSON Schema: {link}.',
    'openData.ogc.html':
      'Two collections, the fires and their perimeters (current and past captures), to read in a browser page by page: {link}.',
    'openData.downloads.title': 'Downloads of the national fires list',
    'openData.downloads.intro':
      'On the {list}, filter and sort the fires, then download that view. The files of this season’s fires:',
    'openData.downloads.list': 'National Fires List',
    'openData.downloads.csv': 'CSV for a spreadsheet: column names and codes’ names in English',
    'openData.downloads.csvCodes':
      'CSV for programs: the field names and codes of the API (as Export (CSV) on the list)',
    'openData.downloads.csvExcelFr':
      'CSV for Excel in French: semicolons and decimal commas, the same columns as the CSV for programs (the fire import reads it as is)',
    'openData.downloads.geojson': 'GeoJSON (CRS84) for GIS and web maps',
    'openData.downloads.kml': 'KML for Google Earth',
    'openData.downloads.gpkg':
      'GeoPackage (WGS 84, EPSG:4326) to open in QGIS or ArcGIS Pro, the licence in the layer’s metadata',
    'openData.downloads.params':
      'The address takes the list’s filters: agency, stage, response, q (fire id), season=all, sort and lang=fr for French names.',
    'openData.perimeters.title': 'Downloads of the fire perimeters',
    'openData.perimeters.intro':
      'Each fire’s current perimeter, unsimplified, with the licence and attribution in the file; add captures=all for every past capture too:',
    'openData.api.title': 'The JSON API',
    'openData.api.intro':
      'Every figure of the site comes from the public JSON API under /v1, open to other sites (CORS). Its OpenAPI document describes each route and its parameters: {link}.',
    'openData.feeds.title': 'Atom feeds',
    'openData.feeds.sitrep': 'Published national situation reports',
    'openData.feeds.level': 'Changes of the national preparedness level',
    'openData.licence.title': 'Licence and attribution',
    'openData.licence.text': 'The data is published under the {licence}. When you use it, say:',
    'openData.licence.where':
      'Each download carries the licence: in the Link header of the answer (rel="license"), in the GeoJSON’s license and metadata members, in the KML’s description and in the GeoPackage layer’s metadata.',
  },
  fr: {
    'openData.intro':
      'Les données sur les feux de ce site sont ouvertes : utilisez-les dans un SIG, un tableur ou votre propre carte Web. Chaque accès ci-dessous donne les mêmes feux, mis à jour au fil des rapports des agences.',
    'openData.ogc.title': 'Dans QGIS, ArcGIS ou GDAL : la couche OGC API – Features',
    'openData.ogc.url': 'Adresse du service (OGC API – Features, GeoJSON, CRS84, EPSG:3978 et EPSG:3857) :',
    'openData.ogc.qgis.title': 'QGIS',
    'openData.ogc.qgis.1': 'Couche › Ajouter une couche › Ajouter une couche WFS / OGC API – Features.',
    'openData.ogc.qgis.2': 'Nouveau; donnez un nom à la connexion et l’adresse du service comme URL; OK.',
    'openData.ogc.qgis.3':
      'Connexion, choisissez la couche «\u00a0fires\u00a0», puis Ajouter. Filtrez-la avec le constructeur de requête : le filtre s’exécute sur le serveur.',
    'openData.ogc.arcgis.title': 'ArcGIS Pro et ArcGIS Online',
    'openData.ogc.arcgis.1':
      'ArcGIS Pro : Insérer › Connexions › Serveur › Nouveau serveur OGC API, avec l’adresse du service.',
    'openData.ogc.arcgis.2':
      'ArcGIS Online : Carte › Ajouter › Ajouter une couche à partir d’une URL, type Couche d’entités OGC, l’adresse du service, puis la collection «\u00a0fires\u00a0».',
    'openData.ogc.gdal': 'Avec GDAL, vers un GeoPackage :',
    'openData.ogc.changed.title': 'Ce qui a changé depuis un moment donné',
    'openData.ogc.changed':
      'Demandez les feux dont updated_at est postérieur à votre dernière lecture (un instant en UTC), toutes saisons comprises (datetime=../..); notez l’heure de chaque lecture pour la suivante :',
    'openData.ogc.changed.gdal': 'Avec GDAL, le même filtre s’exécute sur le serveur :',
    'openData.ogc.tiles.title': 'Tuiles vectorielles',
    'openData.ogc.tiles':
      'Les feux et les périmètres existent aussi en tuiles vectorielles (OGC API – Tiles, Mapbox Vector Tiles sur WebMercatorQuad, zoom 0 à 16), pour une carte Web ou QGIS (Couche › Ajouter une couche › Ajouter une couche de tuiles vectorielles, une nouvelle connexion générique avec cette adresse) :',
    'openData.ogc.browse': 'Les champs que le serveur sait filtrer (queryables), en JSON Schema : {link}.',
    'openData.ogc.html':
      'Deux collections, les feux et leurs périmètres (relevés actuels et antérieurs), à lire page par page dans un navigateur : {link}.',
    'openData.downloads.title': 'Téléchargements de la liste nationale des feux',
    'openData.downloads.intro':
      'Dans la {list}, filtrez et triez les feux, puis téléchargez cette vue. Les fichiers des feux de cette saison :',
    'openData.downloads.list': 'Liste nationale des feux',
    'openData.downloads.csv': 'CSV pour un tableur : noms des colonnes et des codes en français',
    'openData.downloads.csvCodes':
      'CSV pour les programmes : noms des champs et codes de l’API (comme Exporter (CSV) dans la liste)',
    'openData.downloads.csvExcelFr':
      'CSV pour Excel en français : points-virgules et virgules décimales, les colonnes du CSV pour les programmes (l’import des feux le lit tel quel)',
    'openData.downloads.geojson': 'GeoJSON (CRS84) pour les SIG et les cartes Web',
    'openData.downloads.kml': 'KML pour Google Earth',
    'openData.downloads.gpkg':
      'GeoPackage (WGS 84, EPSG:4326) à ouvrir dans QGIS ou ArcGIS Pro, la licence dans les métadonnées de la couche',
    'openData.downloads.params':
      'L’adresse accepte les filtres de la liste : agency, stage, response, q (identifiant du feu), season=all, sort et lang=fr pour les noms en français.',
    'openData.perimeters.title': 'Téléchargements des périmètres des feux',
    'openData.perimeters.intro':
      'Le périmètre actuel de chaque feu, non simplifié, avec la licence et l’attribution dans le fichier; ajoutez captures=all pour avoir aussi chaque relevé antérieur :',
    'openData.api.title': 'L’API JSON',
    'openData.api.intro':
      'Chaque chiffre du site provient de l’API JSON publique sous /v1, ouverte aux autres sites (CORS). Son document OpenAPI décrit chaque route et ses paramètres : {link}.',
    'openData.feeds.title': 'Fils Atom',
    'openData.feeds.sitrep': 'Rapports de situation nationaux publiés',
    'openData.feeds.level': 'Changements du niveau de préparation national',
    'openData.licence.title': 'Licence et attribution',
    'openData.licence.text':
      'Les données sont publiées sous la {licence}. Quand vous les utilisez, indiquez :',
    'openData.licence.where':
      'Chaque téléchargement porte la licence : dans l’en-tête Link de la réponse (rel="license"), dans les membres license et metadata du GeoJSON, dans la description du KML et dans les métadonnées de la couche du GeoPackage.',
  },
});

import { GPS_DECIMALS, type GpsPosition } from './validate';

/** A position as the field shows it: `41.38879, 2.15899`, always 5 decimals. */
export function formatGpsPosition([latitude, longitude]: GpsPosition): string {
  return `${latitude.toFixed(GPS_DECIMALS)}, ${longitude.toFixed(GPS_DECIMALS)}`;
}

/**
 * Where the field's link opens the position: OpenStreetMap, a maps service that needs no
 * account or key and whose page shows a marker at the point.
 */
export function mapsUrl([latitude, longitude]: GpsPosition): string {
  const lat = latitude.toFixed(GPS_DECIMALS);
  const lng = longitude.toFixed(GPS_DECIMALS);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

// @svg-maps/brazil's index.d.ts imports its types from "svg-maps__common", a package that is
// not installed (it is not a dependency of the map): declared here, as the map's data is.
declare module 'svg-maps__common' {
  export interface Location {
    /** Lower-case state code, e.g. 'sp'. */
    id: string;
    name: string;
    /** SVG path data. */
    path: string;
  }
  export interface Map {
    label: string;
    viewBox: string;
    locations: Location[];
  }
}

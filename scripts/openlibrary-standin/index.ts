// The local Open Library stand-in: see docs/notes/catalogue.md.
export {
  startOpenLibraryStandin,
  type FaultKind,
  type LoggedRequest,
  type OpenLibraryStandin,
  type OpenLibraryStandinOptions,
} from './server.ts';

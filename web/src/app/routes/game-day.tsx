/** Issue 25's pages in one chunk (one entry in the first chunk's router, which is at its budget). */
export { CheckInPage } from './check-in';
export { MyGamesPage } from './my-games';

// Where the built web console lives and how to build it, for the start-up banner (main may not
// import the HTTP layer itself).
export { CONSOLE_BUILD_COMMAND, DEFAULT_CONSOLE_DIR } from '../api/console-routes.ts';

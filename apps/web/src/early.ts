// The app's first script on a signed-in cold load, a separate small file that the server announces
// at the top of app.html (apps/api/src/plugins/spa.ts): it asks for the first screen's data while
// the app's own code is still on its way (issue 28 C). main.tsx asks too, when this file did not run
// (the development server); lib/early-requests.ts asks once either way.
import { startEarlyRequests } from './lib/early-requests';

startEarlyRequests(window.location);

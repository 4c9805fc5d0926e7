// The benchmark's yardstick: a bare Fastify hello-world on the same machine, in the same run.
// Every API figure of `npm run bench` is stated as a ratio to this server's requests per second.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const port = Number(process.env.PORT ?? 0);
const address = await app.listen({ host: '127.0.0.1', port });
console.log(`baseline listening ${address}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import type { AddressInfo, Server } from "node:net";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it receives. */
export type Received = { to: string[]; raw: string };

/**
 * `hold`: called once a message's data is in; the server answers the sender (250) only when the
 * promise it returns settles. Meanwhile the message is in `held()` with the sender's port, and
 * `connections()` counts the senders' open connections.
 */
export type SmtpOptions = { hold?: () => Promise<void> };

export async function startSmtp(port = 0, options: SmtpOptions = {}) {
  const received: Received[] = [];
  const held: { remotePort: number }[] = [];
  let open = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        if (!options.hold) return callback();
        const entry = { remotePort: session.remotePort };
        held.push(entry);
        void options.hold().finally(() => {
          held.splice(held.indexOf(entry), 1);
          callback();
        });
      });
    },
  });
  (server as unknown as { server: Server }).server.on("connection", (socket) => {
    open++;
    socket.once("close", () => open--);
  });
  const listening = server.listen(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => listening.once("listening", resolve).once("error", reject));
  return {
    port: (listening.address() as AddressInfo).port,
    received,
    held: () => [...held],
    connections: () => open,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

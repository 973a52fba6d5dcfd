import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps every message it receives (and hands each to `onMail`). */
export async function startSmtpServer(port = 0, onMail?: (mail: ReceivedMail) => void | Promise<void>) {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then(async (mail) => {
            const received = {
              to: mail.to?.[0]?.address ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: mail.html ?? "",
            };
            inbox.push(received);
            await onMail?.(received);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    inbox,
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The security code on a line of its own in the plain-text part. */
export function readSecurityCode(mail: ReceivedMail) {
  const code = /^([A-HJ-NP-Z2-9]{8})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no security code in: ${mail.text}`);
  return code;
}

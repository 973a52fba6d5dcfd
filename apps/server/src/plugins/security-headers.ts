import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";

/**
 * Strict headers on every answer. The CSP allows only this site plus what Stripe's pricing table
 * and Firebase's sign-in popup need to load (https://docs.stripe.com/security/guide#content-security-policy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const firebaseOrigins = config.firebase.authDomain ? [`https://${config.firebase.authDomain}`] : [];
  const emulatorOrigins = config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : [];

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://js.stripe.com", "https://apis.google.com"],
        // antd writes its component styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https://*.stripe.com"],
        fontSrc: ["'self'", "data:"],
        connectSrc: [
          "'self'",
          "https://api.stripe.com",
          "https://identitytoolkit.googleapis.com",
          "https://securetoken.googleapis.com",
          ...emulatorOrigins,
        ],
        frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com", ...firebaseOrigins, ...emulatorOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The sign-in popup must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // Only the configured origins (the extension among them) may call the API with credentials.
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    allowedHeaders: ["Content-Type", "Authorization", "X-Access-Key", "X-Requested-With"],
    exposedHeaders: ["X-Access-Key", "X-Request-Id"],
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}

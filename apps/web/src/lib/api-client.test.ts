import { operations } from "@precis/contract/operations";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { stubFetchAndStorage } from "@/test-support/stubbed-fetch";
import {
  ACCESS_KEY_STORAGE_KEY,
  ApiRequestError,
  apiDownload,
  apiRequest,
  apiRequestCheckedBy,
  apiRequestTo,
  clearAccessKey,
  getAccessKey,
  parseContentDispositionFileName,
  parseRetryAfter,
} from "./api-client";
import { sessionsContract } from "./contract-operations";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const fetchMock = stubFetchAndStorage();

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe("apiRequest", () => {
  it("sends the same-origin cookie, the XMLHttpRequest marker and the stored access key to /api", async () => {
    window.localStorage.setItem(ACCESS_KEY_STORAGE_KEY, "stored-key");
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));

    await apiRequest(operations.getUserDetails);

    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/user-details");
    expect(init.credentials).toBe("same-origin");
    expect(headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(headers.get("x-access-key")).toBe("stored-key");
  });

  it("sends no access key when none is stored", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest(operations.getUserDetails);
    expect(lastRequest().headers.has("x-access-key")).toBe(false);
  });

  it("serialises the body as JSON", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest(operations.updateUserDetails, { body: { firstName: "Jane" } });
    const { init, headers } = lastRequest();
    expect(init.method).toBe("PATCH");
    expect(init.body).toBe('{"firstName":"Jane"}');
    expect(headers.get("content-type")).toBe("application/json");
  });

  it("stores an access key the server returns, even on an error answer", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}, { "x-access-key": "fresh-key" }));
    await apiRequest(operations.logIn);
    expect(getAccessKey()).toBe("fresh-key");

    fetchMock.mockResolvedValueOnce(jsonResponse(409, {}, { "x-access-key": "rotated-key" }));
    await expect(apiRequest(operations.register)).rejects.toBeInstanceOf(ApiRequestError);
    expect(getAccessKey()).toBe("rotated-key");
  });

  it("forgets the key on clearAccessKey", async () => {
    window.localStorage.setItem(ACCESS_KEY_STORAGE_KEY, "stored-key");
    clearAccessKey();
    expect(getAccessKey()).toBeNull();
  });

  it("throws ApiRequestError with the status and the parsed body", async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { Status: "Failure", Error: "emailExists" }));
    const error = await apiRequest(operations.register).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, body: { Status: "Failure", Error: "emailExists" } });
    expect((error as ApiRequestError).apiError).toBeNull();
  });

  it("exposes generic error bodies through apiError", async () => {
    const body = { statusCode: 400, error: "Bad Request", message: "Invalid body", requestId: "r1" };
    fetchMock.mockResolvedValue(jsonResponse(400, body));
    const error = await apiRequest(operations.getUserDetails).catch((caught: unknown) => caught);
    expect((error as ApiRequestError).apiError).toEqual(body);
  });

  it("reads the Retry-After header of a refused request", async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { statusCode: 429 }, { "retry-after": "840" }));
    const error = await apiRequest(operations.logIn).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 840 });
  });

  it("validates the success body with the given schema", async () => {
    const { z } = await import("zod");
    fetchMock.mockResolvedValue(jsonResponse(200, { userProfile: 42 }));
    await expect(
      apiRequest(operations.getUserDetails, { schema: z.object({ userProfile: z.string() }) }),
    ).rejects.toThrow();
  });

  it("sends the operation's own method, with its path parameters filled in and encoded", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest(operations.removePasskey, { parameters: { id: "7/../sessions" } });
    const { url, init } = lastRequest();
    expect(url).toBe("/api/passkeys/7%2F..%2Fsessions");
    expect(init.method).toBe("DELETE");
    await expect(apiRequest(operations.removePasskey)).rejects.toThrow(/needs the parameter "id"/);
  });

  it("returns null for an empty body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest(operations.logOut)).resolves.toBeNull();
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-01-01T12:00:00Z");

  it("reads delay seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date as the seconds left until it, never negative", () => {
    expect(parseRetryAfter("Thu, 01 Jan 2026 12:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Thu, 01 Jan 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("is null when the header is missing or unreadable", () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-5", now)).toBeNull();
  });
});

describe("apiRequestCheckedBy", () => {
  const statusSchema = z.object({ Status: z.literal("Success") });

  it("sends the request while the schema's module loads, then checks the answer with it", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { Status: "Success" }));
    let loadSchema!: (schema: typeof statusSchema) => void;
    const schemaLoaded = new Promise<typeof statusSchema>((resolve) => {
      loadSchema = resolve;
    });
    const answer = apiRequestCheckedBy(() => schemaLoaded, operations.logIn);
    // Not waiting for the module: the request is already out.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    loadSchema(statusSchema);
    expect(await answer).toEqual({ Status: "Success" });
  });

  it("refuses an answer that does not match the schema", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { Status: "Maybe" }));
    await expect(apiRequestCheckedBy(async () => statusSchema, operations.logIn)).rejects.toThrow();
  });

  it("reports a refused request as an ApiRequestError, whatever the schema", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { Status: "Failure", Message: "Bad Password" }));
    const failure = await apiRequestCheckedBy(async () => statusSchema, operations.logIn).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(401);
  });
});

describe("apiRequestTo", () => {
  it("calls the named operation at its own path and reads the answer with the loaded table's 200 schema", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { revoked: 2 }));
    expect(await apiRequestTo(sessionsContract, "revokeOtherSessions")).toEqual({ revoked: 2 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/sessions\/revoke-others$/);
    expect(init?.method).toBe("POST");
  });

  it("refuses an answer the table's schema does not accept", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { revoked: "two" }));
    await expect(apiRequestTo(sessionsContract, "revokeOtherSessions")).rejects.toThrow();
  });
});

describe("apiDownload", () => {
  it("sends the request as apiRequest does, and hands back the bytes and the server's file name", async () => {
    window.localStorage.setItem(ACCESS_KEY_STORAGE_KEY, "stored-key");
    fetchMock.mockResolvedValue(
      jsonResponse(
        200,
        { formatVersion: 1 },
        { "content-disposition": 'attachment; filename="precis-data-2026-11-25.json"' },
      ),
    );

    const { blob, fileName } = await apiDownload(operations.exportAccount);

    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/account/export");
    expect(init.credentials).toBe("same-origin");
    expect(headers.get("x-requested-with")).toBe("XMLHttpRequest");
    expect(headers.get("x-access-key")).toBe("stored-key");
    expect(fileName).toBe("precis-data-2026-11-25.json");
    expect(JSON.parse(await blob.text())).toEqual({ formatVersion: 1 });
  });

  it("throws ApiRequestError with the parsed body of a refusal", async () => {
    const refusal = { statusCode: 403, error: "Forbidden", message: "Confirm who you are to continue." };
    fetchMock.mockResolvedValue(jsonResponse(403, refusal));
    const error = await apiDownload(operations.exportAccount).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(403);
    expect((error as ApiRequestError).apiError).toEqual(refusal);
  });
});

describe("parseContentDispositionFileName", () => {
  it.each([
    ['attachment; filename="precis-data.json"', "precis-data.json"],
    ["attachment; filename=precis-data.json", "precis-data.json"],
    ["attachment; filename=\"plain.json\"; filename*=UTF-8''donn%C3%A9es.json", "données.json"],
    ["attachment; filename*=UTF-8''%E0%A4%A.json; filename=\"fallback.json\"", "fallback.json"],
  ])("reads %s", (header, fileName) => {
    expect(parseContentDispositionFileName(header)).toBe(fileName);
  });

  it.each([null, "", "attachment", "inline"])("is null without a file name: %o", (header) => {
    expect(parseContentDispositionFileName(header)).toBeNull();
  });
});

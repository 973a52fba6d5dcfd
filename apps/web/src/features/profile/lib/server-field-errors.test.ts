import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { getRejectedFields } from "./server-field-errors";

const fields = ["firstName", "lastName", "topicsOfInterest"] as const;
const refusal = (paths: string[], status = 400) =>
  new ApiRequestError(
    status,
    {
      statusCode: status,
      error: "Bad Request",
      message: "Invalid request",
      fields: paths.map((path) => ({ path, message: "is invalid" })),
    },
    "/user-details",
  );

describe("fields named by a refusal", () => {
  it("map the server's paths to the form's fields, in the form's order", () => {
    expect(getRejectedFields(refusal(["body.topicsOfInterest.3", "body.firstName"]), fields)).toEqual([
      "firstName",
      "topicsOfInterest",
    ]);
  });

  it("ignore fields the form does not have, other statuses and other errors", () => {
    expect(getRejectedFields(refusal(["body.email", "body"]), fields)).toEqual([]);
    expect(getRejectedFields(refusal(["body.firstName"], 409), fields)).toEqual([]);
    expect(getRejectedFields(new Error("offline"), fields)).toEqual([]);
  });
});

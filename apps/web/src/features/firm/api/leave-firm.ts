import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { useFirmChange } from "./firm-query-key";

/** `POST /api/firm/leave`: anyone but the last owner; the account keeps its own access. */
export function leaveFirm() {
  return apiRequestChecked(firmOperations.leaveFirm);
}

export function useLeaveFirm() {
  return useFirmChange(leaveFirm, { refreshOn: "success" });
}

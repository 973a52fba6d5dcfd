import { firmOperations } from "@precis/contract/firms";
import { apiRequestChecked } from "@/lib/api-client";
import { useFirmChange } from "./firm-query-key";

/** `POST /api/firms`: a verified account in no firm creates one and becomes its owner. */
export function createFirm(name: string) {
  return apiRequestChecked(firmOperations.createFirm, { body: { name } });
}

export function useCreateFirm() {
  return useFirmChange(createFirm, { refreshOn: "success" });
}

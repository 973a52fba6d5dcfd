import "../components/firm.css";
import type { FirmResponse } from "@precis/contract/firms";
import { useMutationState } from "@tanstack/react-query";
import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { PageLoadFailed } from "@/components/page-load-failed";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useFirm } from "../api/get-firm";
import { JOIN_BY_DOMAIN_MUTATION_KEY } from "../api/join-by-domain";
import { CreateFirm } from "../components/create-firm";
import { FirmWorkspace } from "../components/firm-workspace";
import { PersonalPlanCovered } from "../components/personal-plan-covered";

/**
 * Issue 44's `/firm`: without a firm, what a firm is and "Create a firm"; with one, its name and the caller's role,
 * then what that role may see and do (owners and admins manage it; members read its policies and may leave).
 */
export function FirmRoute() {
  const { t } = useTranslation("firm");
  const firmQuery = useFirm();
  // Joined by the domain just now, while paying for a personal plan: the seat covers it, and the page says how to
  // cancel it (the join's answer outlives the suggestion it replaced).
  const joinedByDomain = useMutationState({
    filters: { mutationKey: JOIN_BY_DOMAIN_MUTATION_KEY, status: "success" },
    select: (mutation) => mutation.state.data as FirmResponse | undefined,
  }).at(-1);
  useDocumentTitle(firmQuery.data?.firm ? t("pageTitleNamed", { name: firmQuery.data.firm.name }) : t("pageTitle"));

  if (firmQuery.isPending) {
    return (
      <section className="firm-page" aria-busy="true" aria-label={t("loading")}>
        <Skeleton active title paragraph={{ rows: 4 }} />
      </section>
    );
  }
  if (firmQuery.isError && !firmQuery.data) {
    return (
      <PageLoadFailed
        title={t("loadFailed.title")}
        description={t("loadFailed.description")}
        retryLabel={t("loadFailed.retry")}
        isRetrying={firmQuery.isRefetching}
        onRetry={() => void firmQuery.refetch()}
      />
    );
  }
  const { firm, suggestion } = firmQuery.data;
  return (
    <section className="firm-page">
      {firm && joinedByDomain?.personalPlanCovered && joinedByDomain.firm?.id === firm.id && <PersonalPlanCovered />}
      {firm ? <FirmWorkspace firm={firm} /> : <CreateFirm suggestion={suggestion ?? null} />}
    </section>
  );
}

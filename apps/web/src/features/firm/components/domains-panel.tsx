import { GlobalOutlined } from "@ant-design/icons";
import { type DomainJoinMode, domainJoinModes, type FirmDomain, isProofNeededFor } from "@precis/contract/firms";
import { Button, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { ConfirmDialog, useConfirmation } from "@/components/confirm-dialog";
import { NativeSelect } from "@/components/native-select";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { VerticalForm } from "@/components/vertical-form";
import { getCurrentLanguage } from "@/i18n";
import { useAppState } from "@/lib/app-state";
import { formatLongDate } from "@/lib/format-date";
import { useAddDomain } from "../api/add-domain";
import { useCheckDomain } from "../api/check-domain";
import type { ConfirmIdentityThen } from "../api/firm-query-key";
import { useFirmDomains } from "../api/get-firm-domains";
import { useRemoveDomain } from "../api/remove-domain";
import { useUpdateDomain } from "../api/update-domain";
import { FirmFailureNotice, useFirmFailure } from "./firm-failure";
import { FirmList } from "./panel-parts";

type DomainValues = { domain: string; joinMode: DomainJoinMode };

/** The part of an address after "@". */
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** Issue 44's verified domains: the rules, adding the caller's own domain with a join mode, changing and removing. */
export function DomainsPanel({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("firm");
  const { profile } = useAppState();
  const [form] = Form.useForm<DomainValues>();
  const domainsQuery = useFirmDomains();
  const addMutation = useAddDomain({ confirmIdentityThen });
  const updateMutation = useUpdateDomain({ confirmIdentityThen });
  const removeMutation = useRemoveDomain();
  const checkMutation = useCheckDomain();
  const { news, announce, newsRef } = usePanelNews();
  const { failure, showFailure, clearFailure } = useFirmFailure();
  const language = getCurrentLanguage();
  const ownDomain = profile ? domainOf(profile.email) : "";
  // Suggest and Automatic are offered only where the server would take them: for a domain its DNS record has
  // proven (a new domain has no proof yet), so nobody picks a mode only to be refused.
  const modeOptionsFor = (isProven: boolean) =>
    domainJoinModes.map((mode) => ({
      value: mode,
      label: t(`domains.modes.${mode}`),
      disabled: isProofNeededFor(mode) && !isProven,
    }));

  const add = ({ domain, joinMode }: DomainValues) => {
    if (addMutation.isPending) return;
    clearFailure();
    addMutation.mutate(
      { domain: domain.trim().toLowerCase(), joinMode },
      {
        onSuccess: (added) => {
          form.resetFields();
          announce(t("domains.addedNews", { domain: added.domain }));
        },
        onError: (error) => {
          showFailure(error);
          form.focusField("domain");
        },
      },
    );
  };

  const changeMode = (domain: FirmDomain, joinMode: DomainJoinMode) => {
    if (updateMutation.isPending || joinMode === domain.joinMode) return;
    clearFailure();
    updateMutation.mutate(
      { domain: domain.domain, joinMode },
      {
        onSuccess: () =>
          announce(t("domains.changedNews", { domain: domain.domain, mode: t(`domains.modes.${joinMode}`) })),
        onError: showFailure,
      },
    );
  };

  const check = (domain: FirmDomain) => {
    if (checkMutation.isPending) return;
    clearFailure();
    checkMutation.mutate(domain.domain, {
      onSuccess: ({ isRecordFound }) =>
        announce(
          t(isRecordFound ? "domains.proof.foundNews" : "domains.proof.notFoundNews", { domain: domain.domain }),
        ),
      onError: showFailure,
    });
  };

  const copy = (text: string, what: "name" | "value") => {
    navigator.clipboard
      .writeText(text)
      .then(() => announce(t(`domains.proof.copied.${what}`)))
      .catch(() => announce(t("domains.proof.copyFailed")));
  };

  const proofText = (domain: FirmDomain) => {
    const date = (iso: string | null) => (iso ? formatLongDate(iso, language) : "");
    const { proof } = domain;
    if (proof.status === "proven") return t("domains.proof.proven", { date: date(proof.provenAt) });
    if (proof.status === "missing" && proof.graceEndsAt)
      return t("domains.proof.missingInGrace", { date: date(proof.missingSince), until: date(proof.graceEndsAt) });
    if (proof.status === "missing") return t("domains.proof.missing", { date: date(proof.missingSince) });
    return t("domains.proof.unproven");
  };

  const removal = useConfirmation((domain: FirmDomain) => {
    clearFailure();
    removeMutation.mutate(domain.domain, {
      onSuccess: () => announce(t("domains.removedNews", { domain: domain.domain }), { focus: true }),
      onError: showFailure,
    });
  });

  const domains = domainsQuery.data?.domains ?? [];
  const list = (
    <FirmList
      query={domainsQuery}
      rows={2}
      items={domains}
      label={t("domains.listLabel")}
      empty={{ icon: GlobalOutlined, text: t("domains.empty") }}
      renderItem={(domain) => (
        <li key={domain.domain} className="firm-row firm-domain-row">
          <div className="firm-row-main">
            <p className="firm-row-title">
              <span className="firm-row-name">{domain.domain}</span>
            </p>
            <p className="firm-row-details">
              <span>{t("domains.added", { date: formatLongDate(domain.addedAt, language) })}</span>{" "}
              <span>{proofText(domain)}</span>
            </p>
            <dl className="firm-domain-record" aria-label={t("domains.proof.recordLabel", { domain: domain.domain })}>
              {(["name", "value"] as const).map((part) => (
                <div key={part}>
                  <dt>{t(`domains.proof.${part}`)}</dt>
                  <dd>
                    <code>{domain.record[part]}</code>
                    <Button
                      size="small"
                      aria-label={t(`domains.proof.copy.${part}`, { domain: domain.domain })}
                      onClick={() => copy(domain.record[part], part)}
                    >
                      {t("domains.proof.copyButton")}
                    </Button>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="firm-row-actions">
            <NativeSelect
              aria-label={t("domains.modeLabel", { domain: domain.domain })}
              className="firm-role-select"
              value={domain.joinMode}
              disabled={updateMutation.isPending}
              options={modeOptionsFor(domain.proof.provenAt !== null)}
              onChange={(mode) => changeMode(domain, mode)}
            />
            <BusyButton
              isBusy={checkMutation.isPending && checkMutation.variables === domain.domain}
              aria-label={t("domains.proof.checkLabel", { domain: domain.domain })}
              onClick={() => check(domain)}
            >
              {t("domains.proof.check")}
            </BusyButton>
            <BusyButton
              danger
              isBusy={removeMutation.isPending && removeMutation.variables === domain.domain}
              aria-label={t("domains.removeLabel", { domain: domain.domain })}
              onClick={() => removal.ask(domain)}
            >
              {t("domains.remove")}
            </BusyButton>
          </div>
        </li>
      )}
    />
  );

  return (
    <PanelSection look="firm-card" heading={t("domains.heading")} intro={t("domains.intro")}>
      <ul className="firm-bullets">
        <li>{t("domains.ruleOwnAddress")}</li>
        <li>{t("domains.rulePublic")}</li>
        <li>{t("domains.ruleProof")}</li>
        <li>{t("domains.ruleOneFirm")}</li>
      </ul>
      <dl className="firm-definitions">
        {domainJoinModes.map((mode) => (
          <div key={mode}>
            <dt>{t(`domains.modes.${mode}`)}</dt>
            <dd>{t(`domains.modeHelp.${mode}`)}</dd>
          </div>
        ))}
      </dl>
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      <VerticalForm<DomainValues>
        form={form}
        name="add-firm-domain"
        initialValues={{ domain: ownDomain, joinMode: "invitation" }}
        onFinish={add}
        className="firm-domain-form"
      >
        <Form.Item
          label={t("domains.domain")}
          name="domain"
          extra={t("domains.domainHelp", { domain: ownDomain })}
          rules={[{ required: true, whitespace: true, message: t("domains.domainRequired") }]}
        >
          <Input size="large" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label={t("domains.joinMode")} name="joinMode" extra={t("domains.joinModeNewHelp")}>
          <Radio.Group optionType="button" buttonStyle="solid" options={modeOptionsFor(false)} />
        </Form.Item>
        <BusyButton type="primary" htmlType="submit" size="large" isBusy={addMutation.isPending}>
          {t("domains.add")}
        </BusyButton>
      </VerticalForm>
      <h3 className="firm-subheading">{t("domains.listHeading")}</h3>
      {list}
      <PanelNews news={news} newsRef={newsRef} className="firm-news" />
      <ConfirmDialog
        open={removal.pending !== null}
        title={t("domains.removeTitle", { domain: removal.pending?.domain ?? "" })}
        description={t("domains.removeDescription")}
        confirmLabel={t("domains.remove")}
        cancelLabel={t("cancel")}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
    </PanelSection>
  );
}

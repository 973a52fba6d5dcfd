import {
  type Firm,
  type FirmPolicies,
  type FirmPoliciesUpdate,
  isValidMatterMask,
  MATTER_MASK_MAX_LENGTH,
  matterCodeModes,
  signInMethods,
} from "@precis/contract/firms";
import { Checkbox, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { NativeCheckbox } from "@/components/native-checkbox";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { VerticalForm } from "@/components/vertical-form";
import type { ConfirmIdentityThen } from "../api/firm-query-key";
import { useUpdateFirm } from "../api/update-firm";
import { FirmFailureNotice, useFirmFailure } from "./firm-failure";

type PolicyValues = {
  requireTwoStep: boolean;
  signInMethods: FirmPolicies["signInMethods"];
  matterCodes: FirmPolicies["matterCodes"];
  matterMask: string;
};

/** Only what the form changed goes to the server: each changed policy is one entry of the firm's trail. */
function changedPolicies(before: FirmPolicies, values: PolicyValues): FirmPoliciesUpdate {
  const mask = values.matterCodes === "off" ? before.matterMask : values.matterMask.trim() || null;
  const after: FirmPolicies = {
    requireTwoStep: values.requireTwoStep,
    signInMethods: signInMethods.filter((method) => values.signInMethods.includes(method)),
    matterCodes: values.matterCodes,
    matterMask: mask,
  };
  return Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof FirmPolicies]),
    ),
  );
}

/** Issue 44's policies: two-step verification, the sign-in methods allowed, and client-matter codes with a mask. */
export function PoliciesPanel({ firm, confirmIdentityThen }: { firm: Firm; confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("firm");
  const [form] = Form.useForm<PolicyValues>();
  const updateMutation = useUpdateFirm({ confirmIdentityThen });
  const { news, announce, newsRef } = usePanelNews();
  const { failure, showFailure, clearFailure } = useFirmFailure();
  const matterCodes = Form.useWatch("matterCodes", form) ?? firm.policies.matterCodes;

  const save = (values: PolicyValues) => {
    if (updateMutation.isPending) return;
    clearFailure();
    const policies = changedPolicies(firm.policies, values);
    if (Object.keys(policies).length === 0) {
      announce(t("policies.unchangedNews"));
      return;
    }
    updateMutation.mutate(
      { policies },
      {
        onSuccess: () => announce(t("policies.savedNews")),
        onError: showFailure,
      },
    );
  };

  return (
    <PanelSection look="firm-card" heading={t("policies.heading")} intro={t("policies.intro")}>
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      <VerticalForm<PolicyValues>
        form={form}
        name="firm-policies"
        initialValues={{ ...firm.policies, matterMask: firm.policies.matterMask ?? "" }}
        onFinish={save}
      >
        <fieldset className="firm-fieldset">
          <legend className="firm-legend">{t("policies.twoStepHeading")}</legend>
          <Form.Item name="requireTwoStep" valuePropName="checked" extra={t("policies.twoStepHelp")}>
            <Checkbox>{t("policies.requireTwoStep")}</Checkbox>
          </Form.Item>
        </fieldset>
        <fieldset className="firm-fieldset">
          <legend className="firm-legend">{t("policies.signInHeading")}</legend>
          <Form.Item
            name="signInMethods"
            extra={t("policies.signInHelp")}
            rules={[{ required: true, type: "array", min: 1, message: t("policies.signInRequired") }]}
          >
            <SignInMethodBoxes labelOf={(method) => t(`policies.methods.${method}`)} />
          </Form.Item>
        </fieldset>
        <fieldset className="firm-fieldset">
          <legend className="firm-legend">{t("policies.matterHeading")}</legend>
          <p className="firm-help">{t("policies.matterHelp")}</p>
          <Form.Item name="matterCodes" label={t("policies.matterMode")}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={matterCodeModes.map((mode) => ({ value: mode, label: t(`policies.matterModes.${mode}`) }))}
            />
          </Form.Item>
          {matterCodes !== "off" && (
            <>
              <Form.Item
                name="matterMask"
                label={t("policies.mask")}
                extra={t("policies.maskHelp")}
                rules={[
                  {
                    validator: async (_rule, value: string | undefined) => {
                      const mask = value?.trim() ?? "";
                      if (mask && !isValidMatterMask(mask)) throw new Error(t("policies.maskInvalid"));
                    },
                  },
                ]}
              >
                <Input
                  size="large"
                  maxLength={MATTER_MASK_MAX_LENGTH}
                  placeholder="NNNN-NNN"
                  autoComplete="off"
                  spellCheck={false}
                  className="firm-mask-input"
                />
              </Form.Item>
              <dl className="firm-definitions firm-mask-letters" aria-label={t("policies.maskLettersLabel")}>
                <div>
                  <dt>N</dt>
                  <dd>{t("policies.maskN")}</dd>
                </div>
                <div>
                  <dt>A</dt>
                  <dd>{t("policies.maskA")}</dd>
                </div>
                <div>
                  <dt>X</dt>
                  <dd>{t("policies.maskX")}</dd>
                </div>
                <div>
                  <dt>- . / _ : #</dt>
                  <dd>{t("policies.maskSeparators")}</dd>
                </div>
              </dl>
              <p className="firm-help">{t("policies.maskExample")}</p>
            </>
          )}
        </fieldset>
        <BusyButton type="primary" htmlType="submit" size="large" isBusy={updateMutation.isPending}>
          {t("policies.save")}
        </BusyButton>
      </VerticalForm>
      <PanelNews news={news} newsRef={newsRef} className="firm-news" />
    </PanelSection>
  );
}

type SignInMethod = FirmPolicies["signInMethods"][number];

/**
 * The sign-in methods as native checkboxes, for Form.Item: antd's Checkbox.Group is a plain div, on which the
 * field's own ARIA attributes (aria-invalid, aria-describedby) are not allowed. The fieldset's legend names them.
 */
function SignInMethodBoxes({
  id,
  value = [],
  onChange,
  labelOf,
}: {
  id?: string;
  value?: SignInMethod[];
  onChange?: (value: SignInMethod[]) => void;
  labelOf: (method: SignInMethod) => string;
}) {
  return (
    <div className="firm-checkbox-group">
      {signInMethods.map((method, index) => (
        <NativeCheckbox
          key={method}
          // The field's id on its first box: Form focuses it on an error.
          id={index === 0 ? id : undefined}
          checked={value.includes(method)}
          onChange={(event) =>
            onChange?.(event.target.checked ? [...value, method] : value.filter((chosen) => chosen !== method))
          }
        >
          {labelOf(method)}
        </NativeCheckbox>
      ))}
    </div>
  );
}

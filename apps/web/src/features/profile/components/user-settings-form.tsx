import { QuestionCircleOutlined } from "@ant-design/icons";
import { PROFILE_TEXT_MAX_LENGTH } from "@precis/contract/account-rules";
import {
  type Occupation,
  occupations,
  type Profile,
  type Topic,
  topicsOfInterest,
  type UpdateProfileRequest,
} from "@precis/contract/profile";
import { Button, Form, Input, Switch, Tooltip } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { StudentAccessNotice } from "@/components/access-notices";
import { NativeSelect } from "@/components/native-select";
import { PanelSection } from "@/components/panel-section";
import { VerticalForm } from "@/components/vertical-form";
import { getCurrentLanguage } from "@/i18n";
import { isApiRequestError } from "@/lib/api-client";
import { isStudentOccupation, useEntitlement } from "@/lib/entitlement";
import { useWithoutInvisibleCharactersRule } from "@/lib/form-rules";
import { occupationLabelKeys } from "@/lib/occupation-labels";
import { useRefetchProfile, useUpdateProfile } from "../api/update-profile";
import { getRejectedFields } from "../lib/server-field-errors";
import { getTopicColumns } from "../lib/topic-order";
import { SettingsPanel, toSaveResult } from "./settings-panel";
import { TopicCheckboxes } from "./topic-checkboxes";

/** What this form edits and sends: the request also takes `username` and `email`, read-only, never sent from here. */
type UserSettingsValues = Required<Omit<UpdateProfileRequest, "username" | "email">>;
const EDITABLE_FIELDS = [
  "firstName",
  "lastName",
  "organization",
  "areaOfLaw",
  "occupation",
  "topicsOfInterest",
] as const satisfies readonly (keyof UserSettingsValues)[];

const TEXT_FIELDS = [
  { name: "firstName", autoComplete: "given-name" },
  { name: "lastName", autoComplete: "family-name" },
  { name: "organization", autoComplete: "organization" },
] as const;

function toValues(profile: Profile): UserSettingsValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    organization: profile.organization,
    areaOfLaw: profile.areaOfLaw,
    occupation: profile.occupation,
    // Kept in SPEC's order, whatever order they were saved in.
    topicsOfInterest: topicsOfInterest.filter((topic) => profile.topicsOfInterest.includes(topic)),
  };
}

type Failure = "save" | "load" | "loggedOut" | "rejected";

/** product §2 "User settings tab" and §4 "Profile page". */
export function UserSettingsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(["profile", "common"]);
  const language = getCurrentLanguage();
  // In the reader's collation; `t` changes with the language, so a switch sorts again.
  const topicColumns = useMemo(() => getTopicColumns((topic) => t(`topics.${topic}`), language), [t, language]);
  const invisibleCharactersRule = useWithoutInvisibleCharactersRule();
  const [form] = Form.useForm<UserSettingsValues>();
  const [isEdited, setIsEdited] = useState(false);
  // What the last save or cancel came to; null once the form is edited again.
  const [outcome, setOutcome] = useState<"saved" | Failure | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const updateProfile = useUpdateProfile();
  const refetchProfile = useRefetchProfile();
  const chosenTopics: Topic[] = Form.useWatch("topicsOfInterest", form) ?? [];
  const isAllSubjects = chosenTopics.length === topicsOfInterest.length;
  // A student or faculty member on an address that is not a school's has the ordinary trial: said beside the
  // occupation, while it is still chosen. Other accounts skip the request.
  const chosenOccupation: Occupation | undefined = Form.useWatch("occupation", form);
  const { data: entitlement } = useEntitlement({ enabled: isStudentOccupation(profile.occupation) });
  const needsSchoolAddress = entitlement?.needsAcademicEmail === true && isStudentOccupation(chosenOccupation);

  const maxLengthRule = (field: keyof typeof PROFILE_TEXT_MAX_LENGTH) => [
    { max: PROFILE_TEXT_MAX_LENGTH[field], message: t("user.tooLong", { max: PROFILE_TEXT_MAX_LENGTH[field] }) },
    // A person's name holds nothing invisible (contract/profile.ts); the other fields are plain text.
    ...(field === "firstName" || field === "lastName" ? [invisibleCharactersRule] : []),
  ];

  const markEdited = () => {
    setIsEdited(true);
    setOutcome(null);
  };

  const setAllSubjects = (isOn: boolean) => {
    form.setFieldValue("topicsOfInterest", isOn ? [...topicsOfInterest] : []);
    markEdited();
  };

  const save = (values: UserSettingsValues) => {
    if (updateProfile.isPending) return;
    // Saved in SPEC's order, not in the order they were ticked.
    const chosen = topicsOfInterest.filter((topic) => values.topicsOfInterest.includes(topic));
    updateProfile.mutate(
      { ...values, topicsOfInterest: chosen },
      {
        onSuccess: ({ userProfile }) => {
          if (userProfile) form.setFieldsValue(toValues(userProfile));
          setIsEdited(false);
          setOutcome("saved");
        },
        onError: (error) => {
          const rejected = getRejectedFields(error, EDITABLE_FIELDS);
          if (rejected.length > 0) {
            setOutcome("rejected");
            form.setFields(rejected.map((name) => ({ name, errors: [t("user.fieldRejected")] })));
            form.focusField(rejected[0]);
            return;
          }
          setOutcome(isApiRequestError(error) && error.status === 401 ? "loggedOut" : "save");
        },
      },
    );
  };

  const cancel = async () => {
    setIsCancelling(true);
    try {
      const fresh = await refetchProfile();
      // A null profile means the session ended: the page itself then shows the logged-out box.
      if (fresh) form.setFieldsValue(toValues(fresh));
      form.setFields(EDITABLE_FIELDS.map((name) => ({ name, errors: [] })));
      setIsEdited(false);
      setOutcome(null);
    } catch {
      // The edits stay on screen: the user can try again or save them.
      setOutcome("load");
    } finally {
      setIsCancelling(false);
    }
  };

  return (
    <PanelSection
      look="profile-panel"
      headingId="user-settings-heading"
      heading={t("user.heading")}
      intro={t("user.intro")}
    >
      <VerticalForm<UserSettingsValues>
        form={form}
        name="user-settings"
        initialValues={toValues(profile)}
        onValuesChange={markEdited}
        onFinish={save}
      >
        <div className="profile-form-grid">
          <Form.Item label={t("user.fields.email")} htmlFor="profile-email" extra={t("user.readOnlyHint")}>
            <Input id="profile-email" value={profile.email} readOnly size="large" variant="filled" />
          </Form.Item>
          <Form.Item label={t("user.fields.username")} htmlFor="profile-username">
            <Input id="profile-username" value={profile.name} readOnly size="large" variant="filled" />
          </Form.Item>
          {TEXT_FIELDS.map(({ name, autoComplete }) => (
            <Form.Item key={name} label={t(`user.fields.${name}`)} name={name} rules={maxLengthRule(name)}>
              <Input autoComplete={autoComplete} size="large" />
            </Form.Item>
          ))}
          <Form.Item label={t("user.fields.areaOfLaw")} name="areaOfLaw" rules={maxLengthRule("areaOfLaw")}>
            <Input
              size="large"
              aria-describedby="area-of-law-help"
              // product §2's hover help, at the end of the field (a button inside the label would join its name).
              suffix={
                <Tooltip title={t("user.areaOfLawHelp")} trigger={["hover", "focus"]}>
                  <Button
                    type="text"
                    size="small"
                    className="profile-help-button"
                    aria-label={t("user.areaOfLawHelpButton")}
                    icon={<QuestionCircleOutlined aria-hidden="true" />}
                  />
                </Tooltip>
              }
            />
          </Form.Item>
          <Form.Item label={t("user.fields.occupation")} name="occupation">
            <NativeSelect
              options={occupations.map((occupation) => ({
                value: occupation,
                label: t(occupationLabelKeys[occupation]),
              }))}
            />
          </Form.Item>
        </div>
        {needsSchoolAddress && <StudentAccessNotice />}
        <span id="area-of-law-help" className="visually-hidden">
          {t("user.areaOfLawHelp")}
        </span>

        <fieldset className="profile-topics">
          <legend className="profile-topics-legend">{t("user.topicsLegend")}</legend>
          <div className="profile-all-subjects">
            <Switch id="all-subjects" checked={isAllSubjects} onChange={setAllSubjects} />
            <label htmlFor="all-subjects">{t("user.allSubjects")}</label>
            <span className="profile-topics-count">
              {t("user.topicsChosen", { count: chosenTopics.length, total: topicsOfInterest.length })}
            </span>
          </div>
          <Form.Item name="topicsOfInterest" noStyle>
            <TopicCheckboxes columns={topicColumns} labelOf={(topic) => t(`topics.${topic}`)} />
          </Form.Item>
        </fieldset>

        <SettingsPanel
          isEdited={isEdited}
          isSaving={updateProfile.isPending || isCancelling}
          result={toSaveResult(outcome)}
          isLoggedOut={outcome === "loggedOut"}
          errorMessage={t(outcome === "load" ? "user.loadFailed" : "user.saveFailed")}
          onCancel={() => void cancel()}
        />
      </VerticalForm>
    </PanelSection>
  );
}

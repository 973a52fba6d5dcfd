import { RegistrationPage } from "@/features/auth/components/registration-page";

/** /register: the registration form on its own. */
export function RegisterRoute() {
  return <RegistrationPage variant="register" />;
}

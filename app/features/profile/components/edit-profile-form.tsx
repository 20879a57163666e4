import { LoaderCircleIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import {
  AVATAR_ACCEPT,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_MESSAGE,
  FAVORITES_MESSAGE,
  MAX_FAVORITE_NICHES,
  editProfileSchema,
  type EditProfileData,
  type EditProfileErrors,
} from "../profile";
import { UsernameField } from "./username-field";

const ACTION = "/profile?tab=edit";
const fieldClass = "flex flex-col gap-2";

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** Edit Profile: avatar, Username, Career, My Niche, up to 5 Other Favorite Niches, Save Changes. */
export function EditProfileForm({ profile, errors: serverErrors }: { profile: EditProfileData; errors?: EditProfileErrors }) {
  const { errors, ...check } = useFormErrors(editProfileSchema, serverErrors);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction?.startsWith("/profile") === true;
  const [favorites, setFavorites] = useState<number[]>(profile.favoriteNicheIds);
  const [preview, setPreview] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const atLimit = favorites.length >= MAX_FAVORITE_NICHES;
  const avatarMessage = avatarError ?? errors.avatar;

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  function chooseAvatar(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setAvatarError(null);
    if (!file) return setPreview(null);
    if (file.size > AVATAR_MAX_BYTES) {
      event.currentTarget.value = "";
      setPreview(null);
      return setAvatarError(AVATAR_SIZE_MESSAGE);
    }
    setPreview(file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  }

  function toggleFavorite(id: number, checked: boolean) {
    setFavorites((current) => (checked ? (current.length >= MAX_FAVORITE_NICHES || current.includes(id) ? current : [...current, id]) : current.filter((x) => x !== id)));
  }

  return (
    <Form method="post" action={ACTION} encType="multipart/form-data" noValidate className="flex flex-col gap-5" aria-busy={saving} {...check}>
      {errors.form ? <FormAlert>{errors.form}</FormAlert> : null}

      <FormField
        id="profile-avatar"
        name="avatar"
        label="Profile picture"
        className={fieldClass}
        hint="JPEG, PNG, WebP or GIF, up to 5 MB."
        hintId="profile-avatar-help"
        hintClassName="text-sm text-muted-foreground"
        error={avatarMessage}
        errorRole="alert"
      >
        {(field) => (
          <div className="flex items-center gap-4">
            <Avatar name={profile.username} src={preview ?? profile.avatarUrl} className="size-16 text-2xl" />
            <input
              {...field}
              type="file"
              accept={AVATAR_ACCEPT}
              onChange={chooseAvatar}
              className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent"
            />
          </div>
        )}
      </FormField>

      <UsernameField id="profile-username" defaultValue={profile.username} error={errors.username} />

      <FormField
        id="profile-career"
        name="career"
        label="Career"
        className={fieldClass}
        maxLength={100}
        placeholder="What do you do?"
        defaultValue={profile.career}
        error={errors.career}
        errorRole="alert"
      />

      <FormField id="profile-niche" name="primaryNicheId" label="My Niche" className={fieldClass} error={errors.primaryNicheId} errorRole="alert">
        {(field) => (
          <select
            {...field}
            defaultValue={profile.primaryNicheId ?? ""}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm"
          >
            <option value="">No niche selected</option>
            {profile.niches.map((niche) => (
              <option key={niche.id} value={niche.id}>
                {niche.name}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <fieldset className="flex flex-col gap-2" aria-describedby="profile-favorites-note">
        <legend className="text-sm font-medium">Other Favorite Niches</legend>
        <p id="profile-favorites-note" aria-live="polite" className={atLimit ? "text-sm text-amber-700 dark:text-amber-300" : "text-sm text-muted-foreground"}>
          {atLimit ? FAVORITES_MESSAGE : `Choose up to ${MAX_FAVORITE_NICHES}.`}
        </p>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {profile.niches.map((niche) => {
            const checked = favorites.includes(niche.id);
            const disabled = !checked && atLimit;
            return (
              <label key={niche.id} className={`flex items-center gap-2 text-sm ${disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer"}`}>
                <input
                  type="checkbox"
                  name="favoriteNicheIds"
                  value={niche.id}
                  checked={checked}
                  disabled={disabled}
                  onChange={(event) => toggleFavorite(niche.id, event.currentTarget.checked)}
                  className="size-4 accent-primary"
                />
                {niche.name}
              </label>
            );
          })}
        </div>
        <FieldError id="profile-favorites-error" message={errors.favoriteNicheIds} />
      </fieldset>

      <div>
        <Button type="submit" disabled={saving}>
          {saving ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}

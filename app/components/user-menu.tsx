import { ChevronDownIcon, LogOutIcon, UserIcon } from "lucide-react";
import { Link, useSubmit } from "react-router";
import { cn } from "./ui/cn";
import { Menu, MenuItem } from "./ui/menu";
import { Avatar } from "./ui/avatar";

interface MenuUser {
  username: string | null;
  email: string;
  avatar: string | null;
}

export function userLabel(user: Pick<MenuUser, "username" | "email">): string {
  return user.username || user.email.split("@")[0] || "Account";
}

/** The signed-in user's menu: Profile and Logout (a POST to /logout). */
export function UserMenu({ user, className }: { user: MenuUser; className?: string }) {
  const submit = useSubmit();
  const name = userLabel(user);
  return (
    <Menu
      label="Account"
      align="end"
      trigger={(props) => (
        <button
          {...props}
          aria-label={name}
          className={cn(
            "inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-accent data-[state=open]:bg-accent",
            className,
          )}
        >
          <Avatar name={name} src={user.avatar} className="size-6 text-xs" />
          <span className="hidden max-w-32 truncate lg:inline">{name}</span>
          <ChevronDownIcon className="size-4" aria-hidden />
        </button>
      )}
    >
      <MenuItem
        render={(props) => (
          <Link to="/profile" {...props}>
            <UserIcon aria-hidden />
            Profile
          </Link>
        )}
      />
      <MenuItem
        render={(props) => (
          <button
            type="button"
            {...props}
            onClick={() => {
              props.onClick();
              void submit(null, { method: "post", action: "/logout" });
            }}
          >
            <LogOutIcon aria-hidden />
            Logout
          </button>
        )}
      />
    </Menu>
  );
}

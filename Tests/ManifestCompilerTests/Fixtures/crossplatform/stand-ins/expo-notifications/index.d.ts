// Stand-in declarations of expo-notifications' category API (0.30 and later), written from
// ../shared/reference/cross-platform-facts.md §3.1 (src/Notifications.types.ts, setNotificationCategoryAsync.ts).

export type NotificationAction = {
  identifier: string;
  buttonTitle: string;
  textInput?: {
    submitButtonTitle: string;
    placeholder: string;
  };
  options?: {
    isDestructive?: boolean;
    isAuthenticationRequired?: boolean;
    opensAppToForeground?: boolean;
  };
};

export type NotificationCategoryOptions = {
  previewPlaceholder?: string;
  intentIdentifiers?: string[];
  categorySummaryFormat?: string;
  customDismissAction?: boolean;
  allowInCarPlay?: boolean;
  showTitle?: boolean;
  showSubtitle?: boolean;
  allowAnnouncement?: boolean;
};

export type NotificationCategory = {
  identifier: string;
  actions: NotificationAction[];
  options?: NotificationCategoryOptions;
};

export declare function setNotificationCategoryAsync(
  identifier: string,
  actions: NotificationAction[],
  options?: NotificationCategoryOptions,
): Promise<NotificationCategory>;
export declare function getNotificationCategoriesAsync(): Promise<NotificationCategory[]>;
export declare function deleteNotificationCategoryAsync(identifier: string): Promise<boolean>;

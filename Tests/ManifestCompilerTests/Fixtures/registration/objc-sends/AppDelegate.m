#import <UserNotifications/UserNotifications.h>

#define kReplyCategory @"reply"
static NSString * const kLikeAction = @"like";
NSString *const kTitle = @"Like"
    @" it";

@implementation AppDelegate

- (void)registerCategories {
    UNNotificationAction *like = [UNNotificationAction actionWithIdentifier:kLikeAction
                                                                      title:kTitle
                                                                    options:UNNotificationActionOptionForeground |
                                                                            UNNotificationActionOptionAuthenticationRequired];
    UNTextInputNotificationAction *reply =
        [UNTextInputNotificationAction actionWithIdentifier:@"reply"
                                                      title:NSLocalizedString(@"Reply", nil)
                                                    options:UNNotificationActionOptionNone
                                       textInputButtonTitle:@"Send"
                                       textInputPlaceholder:@""];
    NSMutableSet *categories = [NSMutableSet new];
    [categories addObject:[UNNotificationCategory categoryWithIdentifier:kReplyCategory
                                                                 actions:@[like, reply]
                                                       intentIdentifiers:@[]
                                                                 options:UNNotificationCategoryOptionCustomDismissAction]];
    UNNotificationCategory *quiet = [UNNotificationCategory categoryWithIdentifier:@"quiet" actions:@[] intentIdentifiers:@[] options:0];
    [categories addObject:quiet];
    [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:categories];
    [[UNUserNotificationCenter currentNotificationCenter]
        setNotificationCategories:[NSSet setWithObjects:quiet, nil]];
}

@end

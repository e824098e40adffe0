// A full Codable model of twitter.json: a Twitter v1.1 search result, every member of every object typed.
//
// Swift names are camelCase; `CodingKeys` carry the document's snake_case keys, as most hand-written models do,
// so neither decoder pays for a key strategy. Keys are listed in document order, so encoding writes members in the
// order the file has them. Members that are null throughout this document (`geo`, `coordinates`, `place`,
// `contributors`) are typed after the Twitter API's documentation.

/// The whole document: `{"statuses": [...], "search_metadata": {...}}`.
public struct TwitterSearch: Codable, Equatable, Sendable {
    public var statuses: [Status]
    public var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

public struct SearchMetadata: Codable, Equatable, Sendable {
    public var completedIn: Double
    public var maxID: Int64
    public var maxIDString: String
    public var nextResults: String
    public var query: String
    public var refreshURL: String
    public var count: Int
    public var sinceID: Int64
    public var sinceIDString: String

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxID = "max_id"
        case maxIDString = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshURL = "refresh_url"
        case count
        case sinceID = "since_id"
        case sinceIDString = "since_id_str"
    }
}

/// A tweet. A retweet carries the original tweet, with the same shape, in `retweetedStatus`.
public struct Status: Codable, Equatable, Sendable {
    public var metadata: StatusMetadata
    public var createdAt: String
    public var id: Int64
    public var idString: String
    public var text: String
    public var source: String
    public var truncated: Bool
    public var inReplyToStatusID: Int64?
    public var inReplyToStatusIDString: String?
    public var inReplyToUserID: Int64?
    public var inReplyToUserIDString: String?
    public var inReplyToScreenName: String?
    public var user: User
    public var geo: Coordinates?
    public var coordinates: Coordinates?
    public var place: Place?
    public var contributors: [Contributor]?
    public var retweetCount: Int
    public var favoriteCount: Int
    public var entities: StatusEntities
    public var favorited: Bool
    public var retweeted: Bool
    public var lang: String
    /// A struct cannot contain itself, so the retweeted status sits in a box (see `Indirect`).
    public var retweetedStatus: Indirect<Status>?
    public var possiblySensitive: Bool?

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idString = "id_str"
        case text, source, truncated
        case inReplyToStatusID = "in_reply_to_status_id"
        case inReplyToStatusIDString = "in_reply_to_status_id_str"
        case inReplyToUserID = "in_reply_to_user_id"
        case inReplyToUserIDString = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user, geo, coordinates, place, contributors
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities, favorited, retweeted, lang
        case retweetedStatus = "retweeted_status"
        case possiblySensitive = "possibly_sensitive"
    }
}

/// A value stored out of line, so that a struct can hold a value of its own type. It codes exactly as the value
/// it holds.
public final class Indirect<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public let value: Value

    public init(_ value: Value) { self.value = value }

    public init(from decoder: any Decoder) throws {
        value = try Value(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }

    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

public struct StatusMetadata: Codable, Equatable, Sendable {
    public var resultType: String
    public var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }
}

public struct User: Codable, Equatable, Sendable {
    public var id: Int64
    public var idString: String
    public var name: String
    public var screenName: String
    public var location: String
    public var description: String
    public var url: String?
    public var entities: UserEntities
    public var protected: Bool
    public var followersCount: Int
    public var friendsCount: Int
    public var listedCount: Int
    public var createdAt: String
    public var favouritesCount: Int
    public var utcOffset: Int?
    public var timeZone: String?
    public var geoEnabled: Bool
    public var verified: Bool
    public var statusesCount: Int
    public var lang: String
    public var contributorsEnabled: Bool
    public var isTranslator: Bool
    public var isTranslationEnabled: Bool
    public var profileBackgroundColor: String
    public var profileBackgroundImageURL: String
    public var profileBackgroundImageURLHTTPS: String
    public var profileBackgroundTile: Bool
    public var profileImageURL: String
    public var profileImageURLHTTPS: String
    public var profileBannerURL: String?
    public var profileLinkColor: String
    public var profileSidebarBorderColor: String
    public var profileSidebarFillColor: String
    public var profileTextColor: String
    public var profileUseBackgroundImage: Bool
    public var defaultProfile: Bool
    public var defaultProfileImage: Bool
    public var following: Bool
    public var followRequestSent: Bool
    public var notifications: Bool

    enum CodingKeys: String, CodingKey {
        case id
        case idString = "id_str"
        case name
        case screenName = "screen_name"
        case location, description, url, entities, protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator"
        case isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageURL = "profile_background_image_url"
        case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile"
        case profileImageURL = "profile_image_url"
        case profileImageURLHTTPS = "profile_image_url_https"
        case profileBannerURL = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color"
        case profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }
}

public struct UserEntities: Codable, Equatable, Sendable {
    public var description: URLEntities
    public var url: URLEntities?
}

public struct URLEntities: Codable, Equatable, Sendable {
    public var urls: [URLEntity]
}

public struct StatusEntities: Codable, Equatable, Sendable {
    public var hashtags: [Hashtag]
    public var symbols: [Symbol]
    public var urls: [URLEntity]
    public var userMentions: [UserMention]
    public var media: [Media]?

    enum CodingKeys: String, CodingKey {
        case hashtags, symbols, urls
        case userMentions = "user_mentions"
        case media
    }
}

public struct Hashtag: Codable, Equatable, Sendable {
    public var text: String
    public var indices: [Int]
}

/// A cashtag such as `$TWTR`; shaped like a hashtag.
public struct Symbol: Codable, Equatable, Sendable {
    public var text: String
    public var indices: [Int]
}

public struct URLEntity: Codable, Equatable, Sendable {
    public var url: String
    public var expandedURL: String
    public var displayURL: String
    public var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url
        case expandedURL = "expanded_url"
        case displayURL = "display_url"
        case indices
    }
}

public struct UserMention: Codable, Equatable, Sendable {
    public var screenName: String
    public var name: String
    public var id: Int64
    public var idString: String
    public var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name, id
        case idString = "id_str"
        case indices
    }
}

public struct Media: Codable, Equatable, Sendable {
    public var id: Int64
    public var idString: String
    public var indices: [Int]
    public var mediaURL: String
    public var mediaURLHTTPS: String
    public var url: String
    public var displayURL: String
    public var expandedURL: String
    public var type: String
    public var sizes: MediaSizes
    public var sourceStatusID: Int64?
    public var sourceStatusIDString: String?

    enum CodingKeys: String, CodingKey {
        case id
        case idString = "id_str"
        case indices
        case mediaURL = "media_url"
        case mediaURLHTTPS = "media_url_https"
        case url
        case displayURL = "display_url"
        case expandedURL = "expanded_url"
        case type, sizes
        case sourceStatusID = "source_status_id"
        case sourceStatusIDString = "source_status_id_str"
    }
}

public struct MediaSizes: Codable, Equatable, Sendable {
    public var medium: MediaSize
    public var small: MediaSize
    public var thumb: MediaSize
    public var large: MediaSize
}

public struct MediaSize: Codable, Equatable, Sendable {
    public var w: Int
    public var h: Int
    public var resize: Resize

    public enum Resize: String, Codable, Sendable {
        case fit, crop
    }
}

/// A GeoJSON point (`geo` and `coordinates` in the API).
public struct Coordinates: Codable, Equatable, Sendable {
    public var type: String
    public var coordinates: [Double]
}

public struct Place: Codable, Equatable, Sendable {
    public var id: String
    public var url: String
    public var placeType: String
    public var name: String
    public var fullName: String
    public var countryCode: String
    public var country: String

    enum CodingKeys: String, CodingKey {
        case id, url
        case placeType = "place_type"
        case name
        case fullName = "full_name"
        case countryCode = "country_code"
        case country
    }
}

public struct Contributor: Codable, Equatable, Sendable {
    public var id: Int64
    public var idString: String
    public var screenName: String

    enum CodingKeys: String, CodingKey {
        case id
        case idString = "id_str"
        case screenName = "screen_name"
    }
}

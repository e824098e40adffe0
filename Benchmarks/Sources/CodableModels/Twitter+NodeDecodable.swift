// The same models as Twitter.swift, decoded natively: a static `decode` per type, as a Genome user writes them by hand.
// Each reads the keys the Codable model's CodingKeys name, and uses `decodeIfPresent` where Codable's synthesised
// decoding would (optional members), so the two decoders build equal models from twitter.json.

import Genome

extension TwitterSearch: NodeDecodable {
    public static func decode(_ json: Node) throws -> TwitterSearch {
        try TwitterSearch(
            statuses: json.decode("statuses"),
            searchMetadata: json.decode("search_metadata"))
    }
}

extension SearchMetadata: NodeDecodable {
    public static func decode(_ json: Node) throws -> SearchMetadata {
        try SearchMetadata(
            completedIn: json.decode("completed_in"),
            maxID: json.decode("max_id"),
            maxIDString: json.decode("max_id_str"),
            nextResults: json.decode("next_results"),
            query: json.decode("query"),
            refreshURL: json.decode("refresh_url"),
            count: json.decode("count"),
            sinceID: json.decode("since_id"),
            sinceIDString: json.decode("since_id_str"))
    }
}

extension Status: NodeDecodable {
    public static func decode(_ json: Node) throws -> Status {
        try Status(
            metadata: json.decode("metadata"),
            createdAt: json.decode("created_at"),
            id: json.decode("id"),
            idString: json.decode("id_str"),
            text: json.decode("text"),
            source: json.decode("source"),
            truncated: json.decode("truncated"),
            inReplyToStatusID: json.decodeIfPresent("in_reply_to_status_id"),
            inReplyToStatusIDString: json.decodeIfPresent("in_reply_to_status_id_str"),
            inReplyToUserID: json.decodeIfPresent("in_reply_to_user_id"),
            inReplyToUserIDString: json.decodeIfPresent("in_reply_to_user_id_str"),
            inReplyToScreenName: json.decodeIfPresent("in_reply_to_screen_name"),
            user: json.decode("user"),
            geo: json.decodeIfPresent("geo"),
            coordinates: json.decodeIfPresent("coordinates"),
            place: json.decodeIfPresent("place"),
            contributors: json.decodeIfPresent("contributors"),
            retweetCount: json.decode("retweet_count"),
            favoriteCount: json.decode("favorite_count"),
            entities: json.decode("entities"),
            favorited: json.decode("favorited"),
            retweeted: json.decode("retweeted"),
            lang: json.decode("lang"),
            retweetedStatus: json.decodeIfPresent("retweeted_status"),
            possiblySensitive: json.decodeIfPresent("possibly_sensitive"))
    }
}

extension StatusMetadata: NodeDecodable {
    public static func decode(_ json: Node) throws -> StatusMetadata {
        try StatusMetadata(
            resultType: json.decode("result_type"),
            isoLanguageCode: json.decode("iso_language_code"))
    }
}

extension User: NodeDecodable {
    public static func decode(_ json: Node) throws -> User {
        try User(
            id: json.decode("id"),
            idString: json.decode("id_str"),
            name: json.decode("name"),
            screenName: json.decode("screen_name"),
            location: json.decode("location"),
            description: json.decode("description"),
            url: json.decodeIfPresent("url"),
            entities: json.decode("entities"),
            protected: json.decode("protected"),
            followersCount: json.decode("followers_count"),
            friendsCount: json.decode("friends_count"),
            listedCount: json.decode("listed_count"),
            createdAt: json.decode("created_at"),
            favouritesCount: json.decode("favourites_count"),
            utcOffset: json.decodeIfPresent("utc_offset"),
            timeZone: json.decodeIfPresent("time_zone"),
            geoEnabled: json.decode("geo_enabled"),
            verified: json.decode("verified"),
            statusesCount: json.decode("statuses_count"),
            lang: json.decode("lang"),
            contributorsEnabled: json.decode("contributors_enabled"),
            isTranslator: json.decode("is_translator"),
            isTranslationEnabled: json.decode("is_translation_enabled"),
            profileBackgroundColor: json.decode("profile_background_color"),
            profileBackgroundImageURL: json.decode("profile_background_image_url"),
            profileBackgroundImageURLHTTPS: json.decode("profile_background_image_url_https"),
            profileBackgroundTile: json.decode("profile_background_tile"),
            profileImageURL: json.decode("profile_image_url"),
            profileImageURLHTTPS: json.decode("profile_image_url_https"),
            profileBannerURL: json.decodeIfPresent("profile_banner_url"),
            profileLinkColor: json.decode("profile_link_color"),
            profileSidebarBorderColor: json.decode("profile_sidebar_border_color"),
            profileSidebarFillColor: json.decode("profile_sidebar_fill_color"),
            profileTextColor: json.decode("profile_text_color"),
            profileUseBackgroundImage: json.decode("profile_use_background_image"),
            defaultProfile: json.decode("default_profile"),
            defaultProfileImage: json.decode("default_profile_image"),
            following: json.decode("following"),
            followRequestSent: json.decode("follow_request_sent"),
            notifications: json.decode("notifications"))
    }
}

extension UserEntities: NodeDecodable {
    public static func decode(_ json: Node) throws -> UserEntities {
        try UserEntities(
            description: json.decode("description"),
            url: json.decodeIfPresent("url"))
    }
}

extension URLEntities: NodeDecodable {
    public static func decode(_ json: Node) throws -> URLEntities {
        try URLEntities(
            urls: json.decode("urls"))
    }
}

extension StatusEntities: NodeDecodable {
    public static func decode(_ json: Node) throws -> StatusEntities {
        try StatusEntities(
            hashtags: json.decode("hashtags"),
            symbols: json.decode("symbols"),
            urls: json.decode("urls"),
            userMentions: json.decode("user_mentions"),
            media: json.decodeIfPresent("media"))
    }
}

extension Hashtag: NodeDecodable {
    public static func decode(_ json: Node) throws -> Hashtag {
        try Hashtag(
            text: json.decode("text"),
            indices: json.decode("indices"))
    }
}

extension Symbol: NodeDecodable {
    public static func decode(_ json: Node) throws -> Symbol {
        try Symbol(
            text: json.decode("text"),
            indices: json.decode("indices"))
    }
}

extension URLEntity: NodeDecodable {
    public static func decode(_ json: Node) throws -> URLEntity {
        try URLEntity(
            url: json.decode("url"),
            expandedURL: json.decode("expanded_url"),
            displayURL: json.decode("display_url"),
            indices: json.decode("indices"))
    }
}

extension UserMention: NodeDecodable {
    public static func decode(_ json: Node) throws -> UserMention {
        try UserMention(
            screenName: json.decode("screen_name"),
            name: json.decode("name"),
            id: json.decode("id"),
            idString: json.decode("id_str"),
            indices: json.decode("indices"))
    }
}

extension Media: NodeDecodable {
    public static func decode(_ json: Node) throws -> Media {
        try Media(
            id: json.decode("id"),
            idString: json.decode("id_str"),
            indices: json.decode("indices"),
            mediaURL: json.decode("media_url"),
            mediaURLHTTPS: json.decode("media_url_https"),
            url: json.decode("url"),
            displayURL: json.decode("display_url"),
            expandedURL: json.decode("expanded_url"),
            type: json.decode("type"),
            sizes: json.decode("sizes"),
            sourceStatusID: json.decodeIfPresent("source_status_id"),
            sourceStatusIDString: json.decodeIfPresent("source_status_id_str"))
    }
}

extension MediaSizes: NodeDecodable {
    public static func decode(_ json: Node) throws -> MediaSizes {
        try MediaSizes(
            medium: json.decode("medium"),
            small: json.decode("small"),
            thumb: json.decode("thumb"),
            large: json.decode("large"))
    }
}

extension MediaSize: NodeDecodable {
    public static func decode(_ json: Node) throws -> MediaSize {
        try MediaSize(
            w: json.decode("w"),
            h: json.decode("h"),
            resize: json.decode("resize"))
    }
}

extension Coordinates: NodeDecodable {
    public static func decode(_ json: Node) throws -> Coordinates {
        try Coordinates(
            type: json.decode("type"),
            coordinates: json.decode("coordinates"))
    }
}

extension Place: NodeDecodable {
    public static func decode(_ json: Node) throws -> Place {
        try Place(
            id: json.decode("id"),
            url: json.decode("url"),
            placeType: json.decode("place_type"),
            name: json.decode("name"),
            fullName: json.decode("full_name"),
            countryCode: json.decode("country_code"),
            country: json.decode("country"))
    }
}

extension Contributor: NodeDecodable {
    public static func decode(_ json: Node) throws -> Contributor {
        try Contributor(
            id: json.decode("id"),
            idString: json.decode("id_str"),
            screenName: json.decode("screen_name"))
    }
}

extension Indirect: NodeDecodable where Value: NodeDecodable {
    public static func decode(_ json: Node) throws -> Indirect<Value> {
        Indirect(try Value.decode(json))
    }
}

extension MediaSize.Resize: NodeDecodable {}
